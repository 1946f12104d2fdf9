/**
 * @module providers/conversation
 * The history as every payload builder takes it: the neutral {@link History} of `history/`,
 * checked and stripped of what the builder itself owns, before it is converted at the edge into
 * the provider's wire shape.
 */
import { CtxloomError } from '../diagnostics/index.js';
import type { History, Message, ToolCallPart } from '../history/index.js';

/**
 * Checks `history` for a payload and drops its `cache-breakpoint` parts (the builder places every
 * breakpoint itself). A `system` message is refused with `E_PAYLOAD_INVALID`: the system prompt is
 * the builder's `prompt`, and a second one in the history would be sent twice.
 */
export function conversationOf(history: History | undefined): History {
  const out: Message[] = [];
  (history ?? []).forEach((m, i) => {
    if (m.role === 'system') {
      throw new CtxloomError(
        'E_PAYLOAD_INVALID',
        `history message ${i} (id ${m.id}) is a system message: the system prompt is the builder's \`prompt\``,
      );
    }
    out.push(
      m.parts.some((p) => p.type === 'cache-breakpoint')
        ? { ...m, parts: m.parts.filter((p) => p.type !== 'cache-breakpoint') }
        : m,
    );
  });
  return out;
}

/** A history that the target wire shape cannot express (`E_EXPORT_UNSUPPORTED`). */
export function unsupported(index: number, m: Message, text: string): CtxloomError {
  return new CtxloomError('E_EXPORT_UNSUPPORTED', `message ${index} (id ${m.id}): ${text}`);
}

/** The tool name of every call in `history`, by call id (tool results name only the id). */
export function toolNames(history: History): Map<string, string> {
  const names = new Map<string, string>();
  for (const m of history)
    for (const p of m.parts) if (p.type === 'tool-call') names.set(p.id, p.name);
  return names;
}

/** The exact argument text of a tool call. */
export function argumentsOf(part: ToolCallPart): string {
  return part.inputText ?? JSON.stringify(part.input);
}
