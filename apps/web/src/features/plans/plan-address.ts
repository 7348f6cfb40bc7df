/** `/plan?id=42`: the plan's address survives a reload and can be sent to a collaborator. */
export function planAddress(route: string, planId: string): string {
  return `${route}?id=${encodeURIComponent(planId)}`;
}
