/** Formats a guidance section: a `# Title` heading and one `- ` bullet per line. */
export function guidance(title: string, bullets: readonly string[]): string {
  return `# ${title}\n${bullets.map((b) => `- ${b}`).join('\n')}`;
}
