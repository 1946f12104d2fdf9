/**
 * @module safety/rules-remote-orders
 * Two technique classes of hostile skills and instruction files that name no secret and run no
 * pipe (issue 16):
 * - orders fetched at run time: the text tells the model to fetch its instructions (its tasks,
 *   its rules, its prompt) from a remote place and follow them, so what the model does is decided
 *   by whoever controls that place, after every review (`exec.remote-instructions`). Following
 *   a project's installation guide at a web address is not this: the guide is read by a person,
 *   and nothing tells the model to obey what comes back;
 * - approval granted for good: the text tells the model to make every future action approved
 *   without asking, by a wildcard allow-list or by switching the confirmations off
 *   (`exec.approval-grant`). Documenting such a setting is not this: the order to set it is.
 * Each pattern is the general shape of the technique, never a line copied from a corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** Verbs that fetch something from elsewhere. */
const FETCH = [
  'fetch',
  'download',
  'retrieve',
  'pull',
  'load',
  'get',
  'curl',
  'wget',
  'request',
  'read',
];

/** What is fetched, when it is the model's orders. */
const ORDERS = [
  'your instructions',
  'your latest instructions',
  'your tasks',
  'your next task',
  'your orders',
  'your directives',
  'your rules',
  'your prompt',
  'your system prompt',
  'the latest instructions',
  'new instructions',
  'updated instructions',
  'further instructions',
  'the instructions to follow',
  'the commands to run',
  'commands to execute',
  'the tasks to perform',
];

/** Where they come from: a remote place. */
const REMOTE = [
  'http://',
  'https://',
  'from the url',
  'from this url',
  'from the server',
  'from the endpoint',
  'from the remote',
  'from a remote',
  'from the gist',
  'from pastebin',
  'from the webhook',
  'from the api',
];

/** Following what came back. */
const FOLLOW = [
  'and follow them',
  'and follow it',
  'and follow those',
  'and follow whatever',
  'and obey',
  'and execute them',
  'and execute it',
  'and execute whatever',
  'and carry them out',
  'and carry it out',
  'and do what',
  'and do whatever',
  'then follow them',
  'then follow it',
  'then execute them',
  'then execute it',
  'then do what',
  'then do whatever',
];

/** Following whatever a remote reply says, however it was fetched. */
const FOLLOW_REPLY = [
  'follow whatever instructions',
  'follow any instructions',
  'follow all instructions',
  'follow the instructions it returns',
  'follow the instructions returned',
  'follow the instructions in the response',
  'follow the instructions in the reply',
  'obey whatever',
  'obey any instructions',
  'execute whatever commands',
  'execute any commands',
  'run whatever commands',
  'run any commands',
];

/** What a remote reply is, after {@link FOLLOW_REPLY}. */
const REPLY = [
  'it returns',
  'the server returns',
  'the endpoint returns',
  'the url returns',
  'the response contains',
  'the page contains',
  'it contains',
  'you receive',
  'you get back',
  'are returned',
  'come back',
  'the server sends',
];

/** Doing it on every task or run: instructions fetched anew each time, not a one-off set-up. */
const EVERY_TIME = [
  'before each task',
  'before every task',
  'before each run',
  'before every run',
  'before you start any task',
  'at the start of each session',
  'at the start of every session',
  'at the start of each task',
  'at the start of every task',
  'every time you start',
  'every time you run',
  'each time you start',
  'each time you run',
  'on every run',
  'on each run',
  'periodically',
  'always',
];

/** Following what the fetched text says. */
const FOLLOW_IT = [
  'and follow the instructions in it',
  'and follow the instructions there',
  'and follow its instructions',
  'and follow what it says',
  'and do what it says',
  'and obey it',
  'and follow them',
  'and follow it',
  'and execute it',
  'and apply its instructions',
];

/** Allow-lists and switches that approve every future action. */
const WILDCARD_GRANTS = [
  '"autoapprove": ["*"]',
  '"autoapprove":["*"]',
  '"alwaysallow": ["*"]',
  '"alwaysallow":["*"]',
  '"allowedtools": ["*"]',
  '"allowedtools":["*"]',
  '"allow": ["*"]',
  '"allow":["*"]',
  '"defaultmode": "bypasspermissions"',
  '"defaultmode":"bypasspermissions"',
  '--dangerously-skip-permissions',
  '--dangerously-bypass-approvals-and-sandbox',
  '--yolo',
];

/** Putting such a grant in place (the order, not the mention). */
const SET_GRANT = ['add', 'set', 'put', 'write', 'append', 'insert', 'always run', 'always start'];

/** Turning the confirmations off for good. */
const NEVER_ASK = [
  'never ask for permission',
  'never ask the user for permission',
  'never ask for confirmation',
  'never ask the user for confirmation',
  'never ask for approval',
  'never ask the user for approval',
  'without ever asking for permission',
  'without ever asking for confirmation',
  'without ever asking for approval',
  'stop asking for permission',
  'stop asking for confirmation',
  'stop asking for approval',
];

/** What makes {@link NEVER_ASK} a setting made for good rather than a one-off. */
const FOR_GOOD = [
  'settings.json',
  'from now on',
  'in future',
  'in the future',
  'future runs',
  'future sessions',
  'every future',
  'permanently',
  'for good',
];

export const REMOTE_ORDER_PATTERNS: readonly PhrasePattern[] = [
  // "fetch your instructions from https://... and follow them"
  {
    rule: 'exec.remote-instructions',
    lang: 'en',
    groups: [FETCH, ORDERS, REMOTE, FOLLOW],
    gaps: [24, 24, 120],
  },
  // "fetch https://... and follow the instructions it returns" / "... follow whatever it says"
  {
    rule: 'exec.remote-instructions',
    lang: 'en',
    groups: [FETCH, REMOTE, FOLLOW_REPLY, REPLY],
    gaps: [24, 160, 24],
  },
  // "before each task, fetch https://... and follow the instructions in it"
  {
    rule: 'exec.remote-instructions',
    lang: 'en',
    groups: [EVERY_TIME, FETCH, REMOTE, FOLLOW_IT],
    gaps: [24, 24, 160],
  },
  // "add "autoApprove": ["*"] to ..." / "always run with --dangerously-skip-permissions"
  // (across lines: the grant is often the JSON block under the sentence that orders it)
  {
    rule: 'exec.approval-grant',
    lang: 'en',
    groups: [SET_GRANT, WILDCARD_GRANTS],
    gaps: [60],
    sameLine: false,
  },
  // "from now on, never ask for permission" / "never ask for confirmation again"
  { rule: 'exec.approval-grant', lang: 'en', groups: [FOR_GOOD, NEVER_ASK], gaps: [60] },
  { rule: 'exec.approval-grant', lang: 'en', groups: [NEVER_ASK, FOR_GOOD], gaps: [40] },
];
