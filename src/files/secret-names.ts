/**
 * @module files/secret-names
 * Names (and a few paths) of files that usually hold local secrets. Such a file is never shown to
 * a model: an instruction file that imports one (`@.env`), or a committed symlink to one, would put
 * the user's local secrets, which the repository itself cannot see, into the prompt. Pure.
 *
 * The list (case-insensitive, on the base name unless said otherwise):
 * - `.env`, `.env.*`, `.env-*`, `.env_*` and `*.env` (`prod.env`), except templates:
 *   `.example`, `.sample`, `.template`, `.dist`, `.defaults`, `.tmpl`, `.tpl`
 *   (`.env.example`, `example.env`, `sample.env`, `template.env`)
 * - `.envrc`, `.dev.vars` (Cloudflare), `local.settings.json` (Azure Functions)
 * - credentials of tools: `.npmrc`, `.yarnrc.yml`, `.netrc`, `_netrc`, `.pypirc`, `.pgpass`,
 *   `.my.cnf`, `.git-credentials`, `.htpasswd`, `.dockercfg`, `credentials`, `credentials.json`,
 *   `secrets.json`, `secrets.yaml`, `secrets.yml`, `.boto`, `.s3cfg`
 * - Terraform variables and state: `*.tfvars`, `*.tfvars.json`, `*.tfstate`, `*.tfstate.backup`
 * - private keys: `id_rsa`, `id_dsa`, `id_ecdsa`, `id_ed25519` (and their `_sk` variants), and
 *   `*.pem`, `*.key`, `*.p12`, `*.pfx`, `*.jks`, `*.keystore`, `*.kdbx`, `*.gpg`, `*.ppk`, `*.asc`
 * - anything inside a `.ssh`, `.gnupg` or `.aws` folder, and `.kube/config`,
 *   `.docker/config.json`, `gh/hosts.yml`, `gcloud/application_default_credentials.json`
 */

/** Template suffixes: `.env.example` and friends hold no secrets by convention. */
const TEMPLATE_WORDS = ['example', 'sample', 'template', 'dist', 'defaults', 'tmpl', 'tpl'];

const SECRET_NAMES = new Set([
  '.envrc',
  '.dev.vars',
  'local.settings.json',
  '.npmrc',
  '.yarnrc.yml',
  '.netrc',
  '_netrc',
  '.pypirc',
  '.pgpass',
  '.my.cnf',
  '.git-credentials',
  '.htpasswd',
  '.dockercfg',
  '.boto',
  '.s3cfg',
  'credentials',
  'credentials.json',
  'secrets.json',
  'secrets.yaml',
  'secrets.yml',
  'id_rsa',
  'id_dsa',
  'id_ecdsa',
  'id_ed25519',
  'id_ecdsa_sk',
  'id_ed25519_sk',
]);

const SECRET_EXTENSIONS = [
  '.pem',
  '.key',
  '.p12',
  '.pfx',
  '.jks',
  '.keystore',
  '.kdbx',
  '.gpg',
  '.ppk',
  '.asc',
  '.tfvars',
  '.tfvars.json',
  '.tfstate',
  '.tfstate.backup',
];

/** Folders whose every file is secret. */
const SECRET_FOLDERS = new Set(['.ssh', '.gnupg', '.aws']);

/** Path endings (`/`-separated, lower case) that are secret. */
const SECRET_PATH_ENDINGS = [
  '.kube/config',
  '.docker/config.json',
  'gh/hosts.yml',
  'gcloud/application_default_credentials.json',
];

function isEnvName(base: string): boolean {
  if (base === '.env') return true;
  const isTemplate = (rest: string) => TEMPLATE_WORDS.some((t) => rest.split(/[.\-_]/).includes(t));
  if (/^\.env[.\-_]/.test(base)) return !isTemplate(base.slice(5));
  if (base.endsWith('.env')) return !isTemplate(base.slice(0, -4));
  return false;
}

/**
 * True when a file's name (or path) says it most likely holds secrets. Works on `/` and `\`
 * paths; give it both the path as written and the path it resolves to.
 * @example isSecretFileName('config/prod.env') // true
 * @example isSecretFileName('.env.example') // false
 */
export function isSecretFileName(path: string): boolean {
  const parts = path.toLowerCase().split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  if (isEnvName(base)) return true;
  if (SECRET_NAMES.has(base)) return true;
  if (SECRET_EXTENSIONS.some((e) => base.endsWith(e))) return true;
  if (parts.slice(0, -1).some((p) => SECRET_FOLDERS.has(p))) return true;
  const joined = parts.join('/');
  return SECRET_PATH_ENDINGS.some((e) => joined === e || joined.endsWith(`/${e}`));
}
