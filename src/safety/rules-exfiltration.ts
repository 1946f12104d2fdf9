/**
 * @module safety/rules-exfiltration
 * Exfiltration and remote execution: secrets or credential files sent to the network,
 * `curl ... | sh`, and such commands placed in install hooks.
 */
import type { PhrasePattern } from './phrase-pattern.js';
import { SHELL_PIPES, SKILL_CODE_PATTERNS } from './rules-skill-code.js';

/** Commands that send data over the network. */
export const SENDERS = [
  'curl',
  'wget',
  'nc',
  'netcat',
  'ncat',
  'invoke-webrequest',
  'invoke-restmethod',
  'iwr',
  'irm',
  'requests.post',
  'requests.get',
  'fetch(',
  'http.post',
  'scp',
  'ftp',
  'telnet',
  'socat',
  'axios.post',
  'httpie',
  'http post',
  'sendmail',
  'rsync',
  '/dev/tcp/',
];

/** Credential stores and environment dumps. */
export const SECRET_SOURCES = [
  '.ssh',
  'id_rsa',
  'id_ed25519',
  'id_ecdsa',
  '.env',
  '.netrc',
  '.aws/credentials',
  '.npmrc',
  '.pypirc',
  'printenv',
  '$(env)',
  '`env`',
  '/etc/passwd',
  '/etc/shadow',
  '.git-credentials',
  '.kube/config',
  '.docker/config.json',
  'keychain',
  'login data',
  '.bash_history',
  '.zsh_history',
  'os.environ',
  'process.env)',
  'env | ',
  'environment variables',
  'aws_secret_access_key',
  'gcloud auth print-access-token',
  'private key',
  'wallet.dat',
  '.gnupg',
];

/** A pipe into a shell or a script interpreter. */
const PIPE_SHELL = [
  ...SHELL_PIPES,
  '| sudo -e sh',
  '| sudo -e bash',
  '| python',
  '| python3',
  '| node',
];

const HOOKS = [
  'preinstall',
  'postinstall',
  '"install":',
  '"prepare":',
  'pre-commit',
  'post-checkout',
  'post-merge',
  'husky',
  'post-receive',
  'prepublish',
  'pre-push',
];

/** Every exfiltration and remote-execution pattern. */
export const EXFILTRATION_PATTERNS: readonly PhrasePattern[] = [
  { rule: 'exfil.secret-to-network', lang: '*', groups: [SENDERS, SECRET_SOURCES], gaps: [120] },
  // `cat ~/.ssh/id_rsa | base64 | curl ...`: the secret flows into the sender
  {
    rule: 'exfil.secret-to-network',
    lang: '*',
    groups: [SECRET_SOURCES, ['|'], SENDERS],
    gaps: [80, 12],
  },
  // `tar czf k.tgz ~/.ssh && curl -F f=@k.tgz ...`: a sequenced command right after the secret
  // (not a sentence that names `.env` and mentions `curl` later on)
  {
    rule: 'exfil.secret-to-network',
    lang: '*',
    groups: [SECRET_SOURCES, ['>', '&&', ';'], SENDERS],
    gaps: [12, 12],
  },
  {
    rule: 'exfil.secret-to-network',
    lang: 'en',
    groups: [
      ['send', 'upload', 'post', 'exfiltrate', 'transmit', 'forward', 'email', 'leak', 'copy'],
      [
        'the environment variables',
        'environment variables',
        'the api key',
        'api keys',
        'the ssh key',
        'ssh keys',
        'private keys',
        'credentials',
        'secrets',
        'the .env',
        'access token',
        'tokens',
        'passwords',
      ],
      [
        'to http',
        'to https',
        'to the url',
        'to this url',
        'to a url',
        'to the server',
        'to this server',
        'to the endpoint',
        'to the webhook',
        'to my server',
        'to this address',
        'to the following',
        'to me',
      ],
    ],
    gaps: [16, 40],
  },
  {
    rule: 'exec.install-hook-remote',
    lang: '*',
    groups: [HOOKS, SENDERS, PIPE_SHELL],
    gaps: [40, 200],
  },
  { rule: 'exec.curl-pipe-shell', lang: '*', groups: [SENDERS, PIPE_SHELL], gaps: [200] },
  {
    rule: 'exec.curl-pipe-shell',
    lang: '*',
    groups: [
      [
        'bash <(curl',
        'sh <(curl',
        'sh -c "$(curl',
        'bash -c "$(curl',
        'iex (iwr',
        'iex(iwr',
        'iex (new-object net.webclient',
        'iex(new-object net.webclient',
        'eval "$(curl',
        'eval $(curl',
      ],
    ],
  },
  ...SKILL_CODE_PATTERNS,
];
