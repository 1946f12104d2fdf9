import { defineSection } from '../section.js';
import type { ModelFamily } from '../types.js';
import { guidance } from './_format.js';

const BY_FAMILY: Partial<Record<ModelFamily, readonly string[]>> = {
  claude: [
    'Call independent tools in parallel in one response.',
    'Edit with exact, unique matches rather than rewriting whole files.',
  ],
  gpt: [
    'Act with the tools you have instead of describing the commands you would run.',
    'Keep plans brief; do not restate the task before acting.',
  ],
  gemini: [
    'Check that a path exists before editing it, and quote the exact text you replace.',
    'Finish the task before summarising; do not stop after the plan.',
  ],
  llama: ['Use the tool-call format exactly as defined; never put a tool call inside plain text.'],
  qwen: ['Use the tool-call format exactly as defined; never put a tool call inside plain text.'],
  deepseek: [
    'Keep your final answer separate from your reasoning, and make it complete on its own.',
  ],
  mistral: [
    'Use the tool-call format exactly as defined; never put a tool call inside plain text.',
  ],
};

/** Families with model-specific guidance. */
export const GUIDED_MODEL_FAMILIES: readonly ModelFamily[] = Object.freeze(
  Object.keys(BY_FAMILY) as ModelFamily[],
);

export const modelGuidanceSection = defineSection({
  name: 'model-guidance',
  tier: 'static',
  guard: (ctx) => ctx.model !== undefined && BY_FAMILY[ctx.model.family] !== undefined,
  render: (ctx) => {
    const bullets = ctx.model ? BY_FAMILY[ctx.model.family] : undefined;
    return bullets ? guidance('Model notes', bullets) : null;
  },
});
