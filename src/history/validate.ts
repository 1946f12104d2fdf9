/**
 * @module history/validate
 * Structural checks a history must pass before (and after) any pass: known roles, unique ids,
 * parts in the right roles, every tool result right after its call, every call answered.
 */
import { CtxloomError, type Diagnostic, diagnostic } from '../diagnostics/index.js';
import { type History, type Message, ROLES, type Role } from './message.js';

/** Stable codes of history problems. */
export type HistoryIssueCode =
  | 'E_HISTORY_UNKNOWN_ROLE'
  | 'E_HISTORY_DUPLICATE_ID'
  | 'E_HISTORY_MISPLACED_PART'
  | 'E_HISTORY_ORPHAN_RESULT'
  | 'E_HISTORY_DUPLICATE_RESULT'
  | 'E_HISTORY_UNANSWERED_CALL';

/** One problem, located by message index (0-based). */
export interface HistoryIssue {
  /** Stable code. */
  readonly code: HistoryIssueCode;
  /** 0-based index of the message the problem is in. */
  readonly index: number;
  /** One sentence naming the problem and the message. */
  readonly message: string;
}

function issue(code: HistoryIssueCode, index: number, id: string, text: string): HistoryIssue {
  return Object.freeze({ code, index, message: `message ${index} (id ${id}): ${text}` });
}

/**
 * Checks `history`; returns every problem found, in message order (empty when valid).
 * Tool calls of the last assistant message may be unanswered (the loop is in progress).
 */
export function validateHistory(history: History): readonly HistoryIssue[] {
  const issues: HistoryIssue[] = [];
  const messageIds = new Set<string>();
  const callIds = new Set<string>();
  /** Calls of the current assistant step, not yet answered. */
  let open = new Map<string, number>();
  /** All calls of the current assistant step (answered or not). */
  let stepCalls = new Set<string>();
  let answered = new Set<string>();
  const closeStep = (atIndex: number): void => {
    for (const [id, at] of open) {
      const m = history[at]!;
      issues.push(
        issue(
          'E_HISTORY_UNANSWERED_CALL',
          at,
          m.id,
          `tool call ${id} has no result before message ${atIndex}`,
        ),
      );
    }
    open = new Map();
    stepCalls = new Set();
    answered = new Set();
  };
  for (let index = 0; index < history.length; index++) {
    const m = history[index]!;
    const role = m.role as string;
    if (!ROLES.includes(role as Role)) {
      issues.push(issue('E_HISTORY_UNKNOWN_ROLE', index, String(m.id), `unknown role "${role}"`));
      continue;
    }
    if (typeof m.id !== 'string' || m.id === '') {
      issues.push(issue('E_HISTORY_DUPLICATE_ID', index, String(m.id), 'missing message id'));
    } else if (messageIds.has(m.id)) {
      issues.push(issue('E_HISTORY_DUPLICATE_ID', index, m.id, `duplicate message id ${m.id}`));
    } else messageIds.add(m.id);
    if (m.role !== 'tool') closeStep(index);
    for (const part of m.parts) {
      if (part.type === 'tool-call') {
        if (m.role !== 'assistant') {
          issues.push(
            issue('E_HISTORY_MISPLACED_PART', index, m.id, `tool call in a ${m.role} message`),
          );
          continue;
        }
        if (callIds.has(part.id)) {
          issues.push(
            issue('E_HISTORY_DUPLICATE_ID', index, m.id, `duplicate tool call id ${part.id}`),
          );
          continue;
        }
        callIds.add(part.id);
        open.set(part.id, index);
        stepCalls.add(part.id);
      } else if (part.type === 'tool-result') {
        if (m.role !== 'tool') {
          issues.push(
            issue('E_HISTORY_MISPLACED_PART', index, m.id, `tool result in a ${m.role} message`),
          );
        } else if (answered.has(part.toolCallId)) {
          issues.push(
            issue(
              'E_HISTORY_DUPLICATE_RESULT',
              index,
              m.id,
              `second result for tool call ${part.toolCallId}`,
            ),
          );
        } else if (!stepCalls.has(part.toolCallId)) {
          issues.push(
            issue(
              'E_HISTORY_ORPHAN_RESULT',
              index,
              m.id,
              `tool result for ${part.toolCallId} does not follow its call`,
            ),
          );
        } else {
          open.delete(part.toolCallId);
          answered.add(part.toolCallId);
        }
      }
    }
  }
  // Calls still open at the end belong to a tool loop in progress: allowed.
  return Object.freeze(issues.sort((a, b) => a.index - b.index));
}

/** The issues as diagnostics (`file` is the transcript path when given). */
export function historyDiagnostics(
  issues: readonly HistoryIssue[],
  file?: string,
): readonly Diagnostic[] {
  return issues.map((i) => diagnostic(i.code, 'error', i.message, { file }));
}

/** Throws a `CtxloomError` (`E_HISTORY_INVALID`) naming the first problem, when there is one. */
export function assertValidHistory(history: History, file?: string): void {
  const issues = validateHistory(history);
  const first = issues[0];
  if (first === undefined) return;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  throw new CtxloomError('E_HISTORY_INVALID', `invalid history: ${first.message}${more}`, {
    diagnostics: historyDiagnostics(issues, file),
  });
}

/** True when the message is the user speaking (not tool output). */
export function isUserMessage(message: Message): boolean {
  return message.role === 'user';
}
