/**
 * @module safety/rules-context
 * Context phrases: not findings, but evidence that lowers a finding's severity. A document that
 * talks about security, or a line that warns against or illustrates an attack, quotes attack
 * phrases without being one.
 */
import type { PhrasePattern } from './phrase-pattern.js';

/** Rule id of phrases that mark a document as being about security. */
export const CTX_SECURITY = 'ctx:security';
/** Rule id of phrases that mark a line as warning against or illustrating something. */
export const CTX_WARNING = 'ctx:warning';
/** Rule id of local-address phrases (a request to localhost is not exfiltration). */
export const CTX_LOCAL = 'ctx:local';

/** Every context pattern. */
export const CONTEXT_PATTERNS: readonly PhrasePattern[] = [
  {
    rule: CTX_SECURITY,
    lang: 'en',
    groups: [
      [
        'prompt injection',
        'injection',
        'jailbreak*',
        'malicious',
        'attack*',
        'adversar*',
        'exploit*',
        'security',
        'untrusted',
        'red team*',
        'threat*',
        'vulnerab*',
        'safety',
        'guardrail*',
      ],
    ],
  },
  {
    rule: CTX_WARNING,
    lang: 'en',
    groups: [
      [
        'example',
        'examples',
        'e.g.',
        'such as',
        'like',
        'if a',
        'if the',
        'if any',
        'if you see',
        'if someone',
        'never',
        'do not obey',
        "don't obey",
        'do not follow',
        "don't follow",
        'watch for',
        'watch out',
        'beware',
        'refuse',
        'reject',
        'detect*',
        'flag',
        'suspicious',
        'red flag',
        'avoid',
        'pattern*',
        'phrase*',
        'attempt*',
        'tries to',
        'trying to',
        'treat',
        'warn*',
        'attack*',
        'injection*',
        'malicious',
        'jailbreak*',
        'ignore it',
        'not follow',
        'contains',
        'containing',
        'looks like',
        'user input:',
        'input:',
        'test case',
        'payload*',
        'blocked',
        'block',
        'matches',
        'anti-pattern',
        'bad:',
        "don't:",
        'wrong:',
      ],
    ],
  },
  {
    rule: CTX_LOCAL,
    lang: '*',
    groups: [
      [
        'localhost',
        '127.0.0.1',
        '0.0.0.0',
        '[::1]',
        'host.docker.internal',
        '.local:',
        '.localhost',
      ],
    ],
  },
];
