import { defineSection } from '../section.js';
import { guidance } from './_format.js';

export const securityRiskSection = defineSection({
  name: 'security-risk-assessment',
  tier: 'static',
  guard: (ctx) => ctx.features.riskAnalyzer === true,
  render: () =>
    guidance('Security risk assessment', [
      'Give every tool call a `security_risk` of LOW, MEDIUM or HIGH.',
      'LOW: reads and checks with no lasting effect (reading files, listing, running tests).',
      'MEDIUM: changes confined to the project (editing files, installing a development dependency).',
      "HIGH: destructive or irreversible actions, anything touching credentials, or sending data off the machine. A HIGH action waits for the user's confirmation.",
    ]),
});
