// Shapes the checkpoint views share.
export type { CheckpointView } from '../../../src-shared/routes/index';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What the decision panel is showing: the proposal, the edit form, or the rejection note. */
export type DecisionMode = 'view' | 'edit' | 'reject';
