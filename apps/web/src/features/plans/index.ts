/**
 * What other features use of plans: the screens, and the plan lists that /saved and /saved/planned
 * show (rows, skeletons, the list queries and their live refresh).
 */
export { PlanListRows, PlanRowSkeletons } from './components/plan-list';
export { forgetPlanSnapshots } from './sync/plan-snapshots';
export { PLANNED_PREVIEW, useLivePlanLists, usePlanList, usePlanPreview } from './hooks/use-plan-lists';
export { planKeys } from './query-keys';
export { planPages } from './pages';
