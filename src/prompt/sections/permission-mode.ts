import { defineSection } from '../section.js';
import type { PermissionMode } from '../types.js';

const TEXT: Readonly<Record<PermissionMode, string>> = Object.freeze({
  'read-only':
    'Permission mode: read-only. You may read files and run commands that change nothing; do not edit files or run anything with side effects. Describe the changes instead.',
  ask: "Permission mode: ask. Every file change and command waits for the user's approval; a refused call is an answer, not an error to retry.",
  'auto-edit':
    "Permission mode: auto-edit. You may edit files in the project without asking; commands wait for the user's approval.",
  'full-auto':
    'Permission mode: full-auto. File changes and commands run without approval inside the sandbox; stay inside the project and ask before anything destructive or irreversible.',
});

/** States the session's permission / approval mode. Per-session data, so dynamic. */
export const permissionModeSection = defineSection({
  name: 'permission-mode',
  tier: 'dynamic',
  guard: (ctx) => ctx.permissionMode !== undefined,
  render: (ctx) => (ctx.permissionMode === undefined ? null : TEXT[ctx.permissionMode]),
});
