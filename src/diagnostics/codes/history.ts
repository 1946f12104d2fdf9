/**
 * @module diagnostics/codes/history
 * Codes of `src/history/` (validation, compaction, artifacts, provider conversion).
 */
export const HISTORY_CODES = {
  E_HISTORY_INVALID: 'a history failed validation (the issues are attached as diagnostics)',
  E_HISTORY_UNKNOWN_ROLE: 'a message with an unknown role',
  E_HISTORY_DUPLICATE_ID: 'two messages (or two tool calls) share an id',
  E_HISTORY_MISPLACED_PART: 'a tool call or tool result in a message of the wrong role',
  E_HISTORY_ORPHAN_RESULT: 'a tool result with no earlier tool call',
  E_HISTORY_DUPLICATE_RESULT: 'two tool results answer one tool call',
  E_HISTORY_UNANSWERED_CALL: 'a tool call with no result before the next turn',
  E_HISTORY_NO_LEGAL_CUT:
    'no legal cut point for compaction: tool calls or a thinking tool loop span the middle',
  E_TRANSCRIPT_INVALID: 'a provider transcript handed to the importer has the wrong shape',
  E_EXPORT_UNSUPPORTED: 'a history the target provider cannot express (e.g. provider-only blocks)',
  E_FRAGMENT_INVALID: 'a fragment attribute name that is not a plain name',
  E_BUDGET_INVALID: 'a history budget out of order (need 0 < target <= soft <= hard <= 1)',
  E_ARTIFACT_READ: 'an artifact could not be read from the store',
  E_ARTIFACT_CORRUPT: 'a stored artifact does not match its hash',
  E_ARTIFACT_STORE: 'an artifact store returned another reference than the content hash',
  E_ARTIFACT_INPUT: '`read_artifact` got arguments of the wrong shape',
  E_ARTIFACT_NOT_FOUND: '`read_artifact` named an artifact that is not in the store',
  I_HISTORY_ELIDED: 'a tool result was stored as an artifact and replaced by a stub',
  I_HISTORY_FACTS_IN_ARTIFACT:
    "ledger facts over the summary's budget were stored as an artifact the summary names",
  I_HISTORY_SUMMARIZED: 'messages were replaced by a summary',
  I_HISTORY_REARMED: 'a rule or skill removed with the summarised messages is armed again',
  W_HISTORY_OVER_TARGET: 'after compaction the history is still above its target',
  W_HISTORY_PINS_OVER_BUDGET:
    'pins take more than the pin budget (`pinBudgetTokens`, a quarter of the target); the oldest are not kept verbatim',
  W_HISTORY_VERIFY_UNRESOLVED:
    'the summary verifier still reports lost facts after the last redraft; the ledger check appends what is not verbatim',
  W_HISTORY_FACTS_RESTORED: 'the summariser left out facts of the ledger; they were appended',
  W_HISTORY_SUMMARY_BLOCKED: 'the injection scanner removed lines quoted into the summary',
  W_HISTORY_SUMMARY_FLAGGED: 'the injection scanner flagged lines quoted into the summary',
  W_HISTORY_USER_MESSAGE_SUMMARIZED:
    'a user message over the user-message budget went to the summary (its goal lines, ids and paths verbatim)',
} as const;
