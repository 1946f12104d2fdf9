/**
 * @module files/secret-contents
 * Finds secrets by their shape: private-key PEM headers and the token formats of the major clouds,
 * code hosts and AI providers. A match names the kind and the line, never the value. Pure.
 *
 * Every pattern starts with a fixed prefix behind a non-word boundary and uses only bounded
 * repetition, so the scan is linear in the text length. Obvious placeholders are not secrets:
 * a value must mix letters and digits, and values holding `EXAMPLE` (the AWS documentation keys)
 * or a run of one repeated character (`xxxx`, `0000`) are skipped.
 */

/** One secret found in a text. */
export interface SecretMatch {
  /** What it looks like, e.g. `an AWS access key id` (never the value). */
  readonly kind: string;
  /** 1-based line. */
  readonly line: number;
}

interface Shape {
  readonly kind: string;
  readonly re: RegExp;
  /** Whether the placeholder check applies (PEM headers are secrets whatever follows). */
  readonly random: boolean;
}

// `(?<![\w-])` keeps each prefix from matching inside a longer word.
const B = '(?<![A-Za-z0-9_\\-])';
const E = '(?![A-Za-z0-9_\\-])';
/** A line break: a real one, or `\n` escaped inside a JSON string (service-account files). */
const NL = String.raw`(?:\r?\n|\\n)`;
const shape = (kind: string, source: string, random = true): Shape => ({
  kind,
  re: new RegExp(source, 'g'),
  random,
});

/** The shapes, most specific first (an Anthropic key is not reported as an OpenAI key). */
const SHAPES: readonly Shape[] = [
  // the header followed by key material (a line break, optional `Name: value` header lines, then
  // base64): a header quoted alone in prose or in a scanner's docs is not a key
  shape(
    'a private key',
    `-----BEGIN (?:[A-Z0-9]{1,16} ){0,3}PRIVATE KEY(?: BLOCK)?-----${NL}(?:[A-Za-z-]{1,32}: [^\\n]{0,200}${NL}){0,4}(?:${NL})?[A-Za-z0-9+/=]{20}`,
    false,
  ),
  shape('an AWS access key id', `${B}(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}${E}`),
  shape(
    'an AWS secret access key',
    `${B}(?:aws_secret_access_key|AWS_SECRET_ACCESS_KEY|SecretAccessKey|secret_access_key)["']?\\s{0,8}[:=]\\s{0,8}["']?[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+])`,
  ),
  shape('a GitHub token', `${B}gh[pousr]_[A-Za-z0-9]{36,251}${E}`),
  shape('a GitHub token', `${B}github_pat_[A-Za-z0-9_]{22,251}${E}`),
  shape('a GitLab token', `${B}gl(?:pat|dt|ptt|rt|cbt)-[A-Za-z0-9_\\-]{20,64}${E}`),
  shape('a Slack token', `${B}xox[abposr]-[A-Za-z0-9\\-]{10,250}${E}`),
  shape('a Slack token', `${B}xapp-[0-9]-[A-Za-z0-9\\-]{10,250}${E}`),
  shape(
    'a Slack webhook',
    'https://hooks\\.slack\\.com/services/T[A-Z0-9]{6,12}/B[A-Z0-9]{6,12}/[A-Za-z0-9]{16,32}',
  ),
  shape('a Google API key', `${B}AIza[0-9A-Za-z_\\-]{35}${E}`),
  shape('a Google OAuth client secret', `${B}GOCSPX-[0-9A-Za-z_\\-]{28}${E}`),
  shape('a Stripe secret key', `${B}(?:sk|rk)_live_[0-9A-Za-z]{16,247}${E}`),
  shape('an Anthropic API key', `${B}sk-ant-[A-Za-z0-9_\\-]{32,250}${E}`),
  shape('an OpenAI API key', `${B}sk-(?:proj|svcacct|admin)-[A-Za-z0-9_\\-]{20,250}${E}`),
  shape('an OpenAI API key', `${B}sk-[A-Za-z0-9]{32,64}${E}`),
  shape('an npm token', `${B}npm_[A-Za-z0-9]{36}${E}`),
  shape('a PyPI token', `${B}pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\\-]{50,250}${E}`),
  shape('a Hugging Face token', `${B}hf_[A-Za-z0-9]{34,40}${E}`),
  shape('a Groq API key', `${B}gsk_[A-Za-z0-9]{52}${E}`),
  shape('an xAI API key', `${B}xai-[A-Za-z0-9]{80}${E}`),
  shape('a SendGrid API key', `${B}SG\\.[A-Za-z0-9_\\-]{22}\\.[A-Za-z0-9_\\-]{43}${E}`),
  shape('a DigitalOcean token', `${B}do[opr]_v1_[a-f0-9]{64}${E}`),
  shape('a Databricks token', `${B}dapi[a-f0-9]{32}${E}`),
  shape('an Azure storage account key', 'AccountKey=[A-Za-z0-9+/]{86}=='),
];

/** Whether a matched value looks like a real, random token rather than a placeholder. */
function looksRandom(value: string): boolean {
  if (/EXAMPLE/i.test(value)) return false;
  if (/(.)\1{5}/.test(value)) return false;
  return /[0-9]/.test(value) && /[A-Za-z]/.test(value);
}

/** 1-based line of `offset` in `text`, counting from a known earlier point. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The first secret in `text` (lowest offset; the most specific shape on a tie), or undefined.
 * @example findSecret('key = AKIA' + 'Z3MEXAMPL3KEY1234') // { kind: 'an AWS access key id', line: 1 }
 */
export function findSecret(text: string): SecretMatch | undefined {
  let best: { kind: string; index: number } | undefined;
  for (const s of SHAPES) {
    s.re.lastIndex = 0;
    for (let m = s.re.exec(text); m !== null; m = s.re.exec(text)) {
      if (best !== undefined && m.index >= best.index) break;
      if (!s.random || looksRandom(m[0])) {
        best = { kind: s.kind, index: m.index };
        break;
      }
    }
  }
  return best === undefined ? undefined : { kind: best.kind, line: lineOf(text, best.index) };
}
