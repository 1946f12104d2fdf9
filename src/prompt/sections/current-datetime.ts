import { defineSection } from '../section.js';

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export const currentDateTimeSection = defineSection({
  name: 'current-datetime',
  tier: 'dynamic',
  volatility: { volatile: true, reason: 'the clock changes every turn' },
  render: (ctx) => {
    if (ctx.now === undefined) return null;
    const weekday = WEEKDAYS[new Date(ctx.now).getUTCDay()];
    return `Current date and time: ${ctx.now.replace(/\.000Z$/, 'Z')} (${weekday}, UTC).`;
  },
});
