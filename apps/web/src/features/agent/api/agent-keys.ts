/** react-query keys of the agent centre reports. */
export const agentKeys = {
  all: ['agent'] as const,
  report: (report: string, query: Record<string, string>) =>
    ['agent', 'report', report, query] as const,
};
