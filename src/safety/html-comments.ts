/**
 * @module safety/html-comments
 * HTML comments are invisible in rendered markdown but reach the model verbatim. A comment that
 * names an AI model or agent and gives it an instruction is flagged. (Override phrases inside a
 * comment are also caught by the phrase rules, since comments are scanned like any text.)
 */
import type { RawFinding } from './raw-finding.js';

/** Only this much of each comment is inspected. */
export const COMMENT_INSPECT_CHARS = 4000;

const ADDRESSEE =
  /\b(ai|a\.i\.|assistants?|llms?|agents?|models?|claude|gpt|chatgpt|copilot|gemini|cursor|bots?|language model)\b/;
const IMPERATIVE =
  /\b(ignore|disregard|forget|you must|you should|you are|do not|don't|never tell|secretly|silently|without telling|execute|run the|send|upload|instead|override|system prompt|new instructions|important:?)\b/;

/** Finds HTML comments addressed to an AI. Linear: each comment is read once. */
export function findAiComments(text: string, cap = 200): RawFinding[] {
  const out: RawFinding[] = [];
  let from = 0;
  while (out.length < cap) {
    const open = text.indexOf('<!--', from);
    if (open < 0) break;
    const close = text.indexOf('-->', open + 4);
    const end = close < 0 ? text.length : close + 3;
    const body = text
      .slice(open + 4, Math.min(end, open + 4 + COMMENT_INSPECT_CHARS))
      .toLowerCase();
    if (ADDRESSEE.test(body) && IMPERATIVE.test(body))
      out.push({ ruleId: 'hidden.html-comment', start: open, end });
    if (close < 0) break;
    from = end;
  }
  return out;
}
