/**
 * @module safety/tool-poisoning
 * Tool poisoning: a tool description (or any text) with an emphasised block, such as
 * `<IMPORTANT>...</IMPORTANT>`, `<system>`, `[CRITICAL]` or an `IMPORTANT:` paragraph, that tells
 * the model to read a local file or a secret and pass it on in a call, or to keep what it does
 * from the user. Three signal groups are looked for inside each block:
 * - a secret or local file (`~/.ssh`, `id_rsa`, `.env`, `mcp.json`, `~/.aws`, credentials, keys, tokens);
 * - handing something over in a call (pass / include / send its content as a parameter or argument);
 * - concealment from the user (do not mention, without telling, hide this).
 * A secret together with hand-over or concealment, or hand-over together with concealment, is a
 * finding. Every pattern is bounded, so the scan is linear in the text.
 */
import type { RawFinding } from './raw-finding.js';

/** Longest block, in characters, looked at after its opening marker. */
const BLOCK_MAX = 3000;

const TAGS =
  'important|critical|system|instructions?|secret|hidden|admin|note|attention|warning|context';
/** An opening emphasis marker: an XML-ish tag, a bracketed word, or a shouted label at a line start. */
const OPENER = new RegExp(
  `<\\s*(${TAGS})\\b[^<>\\n]{0,40}>|\\[\\s*(${TAGS})\\s*\\]|(?:^|\\n)[ \\t>*#_-]{0,6}(IMPORTANT|CRITICAL|ATTENTION|NOTE TO (?:THE )?(?:AI|ASSISTANT|MODEL|LLM))\\b[*_ ]{0,3}[:!]`,
  'gi',
);

const SECRET =
  /(?:~|\$home|%userprofile%)[\\/]\.?[\w.-]{1,40}|\bid_(?:rsa|dsa|ecdsa|ed25519)\b|(?:^|[\s`'"(/])\.env\b(?![.\w])|\bmcp\.json\b|\.aws[\\/]credentials|\.netrc\b|\/etc\/(?:passwd|shadow)\b|\.ssh\b|\bprivate[ _-]?keys?\b|\bapi[ _-]?keys?\b|\b(?:access|auth|bearer|secret|session)[ _-]?tokens?\b|\bpasswords?\b|\bcredentials?\b|\bsecrets?\b|\bcookies?\b|\bconversation history\b|\bsystem prompt\b/i;

const HANDOVER =
  /\b(?:pass|put|include|insert|append|add|send|provide|supply|copy|embed|encode|forward|attach)\b[^.\n]{0,80}?\b(?:as|in|into|inside|via|through|to)\b[^.\n]{0,30}?\b(?:param(?:eter)?s?|arg(?:ument)?s?|field|input|sidenote|notes?|metadata|query|body|payload|url)\b|\b(?:param(?:eter)?|arg(?:ument)?|field)\b[^.\n]{0,40}?\b(?:contents?|value) of\b|\bread\b[^.\n]{0,60}?\band (?:pass|send|include|put|append|upload|post)\b/i;

const CONCEAL =
  /\b(?:do not|don't|dont|never|must not|mustn't|should not|shouldn't)\s+(?:\w+\s+){0,2}?(?:mention|tell|reveal|inform|notify|alert|disclose|show|explain|say|let)\b[^.\n]{0,40}?\b(?:user|human|them|anyone|this|that|it)\b|\bwithout (?:telling|informing|notifying|alerting|asking|showing)\b|\b(?:hide|conceal|keep)\b[^.\n]{0,30}?\b(?:from the user|secret|hidden|quiet)\b|\b(?:user|human)\b[^.\n]{0,20}?\b(?:must|should|need) not (?:know|see|notice|be told|find out)\b|\b(?:could|would|might) (?:upset|alarm|scare|worry) the user\b/i;

/** The end of the block opened at `open` (its closing tag, a blank line for labels, or the bound). */
function blockEnd(text: string, open: RegExpExecArray): number {
  const limit = Math.min(text.length, open.index + open[0].length + BLOCK_MAX);
  const tag = open[1];
  if (tag !== undefined) {
    const lower = text.slice(open.index, limit).toLowerCase();
    const close = lower.indexOf(`</${tag.toLowerCase()}`);
    if (close !== -1) return open.index + close;
    return limit;
  }
  if (open[2] !== undefined) return limit;
  const blank = text.indexOf('\n\n', open.index + open[0].length);
  return blank === -1 || blank > limit ? limit : blank;
}

/** The signals inside `block`, as a finding message, or undefined when they do not add up. */
export function poisoningSignals(block: string): string | undefined {
  const secret = SECRET.test(block);
  const handover = HANDOVER.test(block);
  const conceal = CONCEAL.test(block);
  if (!((secret && (handover || conceal)) || (handover && conceal))) return undefined;
  const parts = [
    secret && 'a secret or local file',
    handover && 'hand-over in a call',
    conceal && 'concealment from the user',
  ];
  return `An emphasised block combines ${parts.filter(Boolean).join(', ')} (tool poisoning).`;
}

/**
 * Tool-poisoning findings in `text`. With `whole` (a tool description), the whole text counts
 * as one block as well, since a description is read by the model in full.
 */
export function findToolPoisoning(text: string, whole = false, cap = 20): RawFinding[] {
  const out: RawFinding[] = [];
  OPENER.lastIndex = 0;
  for (let m = OPENER.exec(text); m !== null && out.length < cap; m = OPENER.exec(text)) {
    const start = m.index + (m[0].startsWith('\n') ? 1 : 0);
    const end = blockEnd(text, m);
    const message = poisoningSignals(text.slice(m.index + m[0].length, end));
    if (message !== undefined) {
      out.push({
        ruleId: 'poisoning.hidden-instruction',
        start,
        end: Math.max(end, start + 1),
        message,
      });
    }
    // the next block starts after this one: every character is read by one block at most
    OPENER.lastIndex = Math.max(OPENER.lastIndex, end);
  }
  if (whole && out.length === 0 && text.length <= 4 * BLOCK_MAX) {
    const message = poisoningSignals(text);
    if (message !== undefined) {
      out.push({
        ruleId: 'poisoning.hidden-instruction',
        start: 0,
        end: Math.max(1, text.length),
        message,
      });
    }
  }
  return out;
}
