// What each decision does to the workflow. Effects only change state; the supervisor then opens
// whatever the new state is missing (a fresh plan checkpoint, generation tasks, …).
import type { Db } from '../../store/database.js';
import { findHypothesis, updateHypothesisGate, updateHypothesisStatus, updateHypothesisText, setSafetyFlag } from '../../store/hypotheses.js';
import { recordChange, type Actor } from '../changes.js';
import { updateResearch } from '../projectRecord.js';
import { screenHypothesis } from '../safety.js';
import { DomainError } from '../errors.js';
import { SafetyHypothesisEditSchema, type ChangeRequestEdit, type CheckpointKind, type DecisionAction, type EvolutionPlan, type ResearchPlan } from '../schemas.js';
import { applyProjectChange, type ProjectChangeKind } from './projectChangeEffects.js';
import { createTask, openTasksOf } from './tasks.js';
import { moveTo, progressAfter } from './stages.js';
import type { Checkpoint, ResearchProject } from '../types.js';

export interface DecisionInput {
  action: DecisionAction;
  data: Record<string, unknown> | null;
  note: string | null;
}

/** Budget added when the scientist rejects the final report and asks for another cycle. */
const EXTRA_HYPOTHESES_PER_REJECTED_REPORT = 5;

export async function applyDecisionEffects(db: Db, actor: Actor, project: ResearchProject, checkpoint: Checkpoint, decision: DecisionInput): Promise<void> {
  const effects: Record<CheckpointKind, () => Promise<void>> = {
    research_plan: () => researchPlan(db, actor, project, decision),
    hypothesis_batch: () => hypothesisBatch(db, actor, checkpoint, decision),
    evolution_plan: () => evolutionPlan(db, actor, project, checkpoint, decision),
    final_report: () => finalReport(db, actor, project, decision),
    safety_review: () => safetyReview(db, actor, project, checkpoint, decision),
    change_request: () => changeRequest(db, actor, project, checkpoint, decision),
  };
  await effects[checkpoint.kind]();
  const after = { workflowStep: project.workflowStep + 1 };
  await updateResearch(db, project.id, after, actor.now());
  await recordChange(db, actor, 'checkpoint.decided', project.id, { checkpoint_id: checkpoint.id, kind: checkpoint.kind, action: decision.action });
}

async function researchPlan(db: Db, actor: Actor, project: ResearchProject, decision: DecisionInput): Promise<void> {
  if (decision.action === 'reject') {
    // The plan is rebuilt with the scientist's objection as a constraint; the supervisor re-opens it.
    const plan: ResearchPlan = { ...project.plan, constraints: [...project.plan.constraints, `Scientist feedback: ${decision.note ?? ''}`] };
    await updateResearch(db, project.id, { plan }, actor.now());
    return;
  }
  const plan = decision.action === 'edit' ? (decision.data as ResearchPlan) : project.plan;
  await updateResearch(
    db,
    project.id,
    {
      plan,
      goal: plan.goal,
      domain: plan.domain,
      // A domain the scientist changed in the plan is theirs, no longer an inference (issue 15 item 11).
      ...(plan.domain !== project.domain ? { domainInferred: false } : {}),
      hypothesisBudget: plan.hypothesis_budget,
      status: 'active',
      stage: 'generate',
      progress: progressAfter({ ...project, stage: 'generate' }),
    },
    actor.now(),
  );
}

async function hypothesisBatch(db: Db, actor: Actor, checkpoint: Checkpoint, decision: DecisionInput): Promise<void> {
  const at = actor.now().toISOString();
  const ids = (checkpoint.payload.hypothesis_ids as string[] | undefined) ?? [];
  if (decision.action === 'reject') {
    // Rejected hypotheses stay visible; the note feeds the regeneration (workflow.latestRejectionNote).
    await updateHypothesisStatus(db, ids, 'rejected', at);
    return;
  }
  if (decision.action === 'edit') {
    const edits = (decision.data?.hypotheses as Array<{ id: string; keep: boolean; summary?: string; rationale?: string; experimental_protocol?: string }>) ?? [];
    for (const edit of edits) {
      if (!ids.includes(edit.id)) continue;
      if (!edit.keep) {
        await updateHypothesisStatus(db, [edit.id], 'rejected', at);
        continue;
      }
      await updateHypothesisText(db, edit.id, { summary: edit.summary, rationale: edit.rationale, experimentalProtocol: edit.experimental_protocol }, at);
    }
  }
  await updateHypothesisGate(db, ids, 'approved', at);
}

async function evolutionPlan(db: Db, actor: Actor, project: ResearchProject, checkpoint: Checkpoint, decision: DecisionInput): Promise<void> {
  if (decision.action === 'reject') {
    await moveTo(db, actor, project, 'report');
    return;
  }
  const plan = (decision.action === 'edit' ? decision.data : checkpoint.payload) as EvolutionPlan;
  for (const proposal of plan.proposals) {
    if ((await findHypothesis(db, proposal.hypothesis_id))?.projectId !== project.id) continue;
    // Approved by the scientist through this plan: the evolved hypotheses skip the batch gate.
    await createTask(db, actor, project.id, 'evolve', { ...proposal, iteration: project.iteration, approved: true });
  }
  if (plan.proposals.length === 0) await moveTo(db, actor, project, 'report');
}

async function finalReport(db: Db, actor: Actor, project: ResearchProject, decision: DecisionInput): Promise<void> {
  if (decision.action !== 'reject') {
    if ((await openTasksOf(db, project.id)).length > 0) {
      // Work someone asked for while the report waited (a review, an evolution) still runs; the
      // supervisor completes the project once it is done (workflow 'done' stage).
      await moveTo(db, actor, project, 'done');
      return;
    }
    await updateResearch(db, project.id, { stage: 'done', status: 'completed', progress: 1 }, actor.now());
    await recordChange(db, actor, 'project.updated', project.id, { status: 'completed' });
    return;
  }
  // Another cycle: more hypotheses, with the scientist's objection as feedback for generation.
  const plan: ResearchPlan = {
    ...project.plan,
    hypothesis_budget: Math.min(100, project.plan.hypothesis_budget + EXTRA_HYPOTHESES_PER_REJECTED_REPORT),
    constraints: [...project.plan.constraints, `Scientist feedback on the report: ${decision.note ?? ''}`],
  };
  const metaReview = project.metaReview === null ? null : { ...project.metaReview, feedback_for_generation: `${project.metaReview.feedback_for_generation}\nScientist: ${decision.note ?? ''}` };
  await updateResearch(
    db,
    project.id,
    { plan, hypothesisBudget: plan.hypothesis_budget, metaReview, iteration: project.iteration + 1, stage: 'generate', settings: { ...project.settings, maxIterations: Math.max(project.settings.maxIterations, project.iteration + 1) } },
    actor.now(),
  );
}

async function safetyReview(db: Db, actor: Actor, project: ResearchProject, checkpoint: Checkpoint, decision: DecisionInput): Promise<void> {
  const at = actor.now().toISOString();
  const hypothesisId = typeof checkpoint.payload.hypothesis_id === 'string' ? checkpoint.payload.hypothesis_id : null;
  if (hypothesisId === null) {
    if (decision.action === 'reject') {
      const stopReason = `stopped at the safety review: ${decision.note ?? ''}`;
      await updateResearch(db, project.id, { status: 'completed', stage: 'done', stopReason }, actor.now());
      return;
    }
    const goal = decision.action === 'edit' ? String(decision.data?.revised_text) : project.plan.goal;
    // An edited goal is screened again by the plan stage; an approved one is remembered as cleared.
    await updateResearch(db, project.id, { status: 'initializing', goal, plan: { ...project.plan, goal } }, actor.now());
    return;
  }
  if (decision.action === 'reject') {
    await updateHypothesisStatus(db, [hypothesisId], 'rejected', at);
    return;
  }
  if (decision.action === 'edit') {
    const edit = SafetyHypothesisEditSchema.safeParse(decision.data);
    if (!edit.success) {
      const issues = edit.error.issues.map((issue) => `${issue.path.join('.') || '(data)'}: ${issue.message}`).join('; ');
      throw new DomainError('invalid_input', `The edited hypothesis is not valid: ${issues}. revised_text replaces its summary and follows the summary's rules. Nothing was changed.`, { field: 'data' });
    }
    await updateHypothesisText(db, hypothesisId, { summary: edit.data.revised_text, rationale: edit.data.rationale, experimentalProtocol: edit.data.experimental_protocol }, at);
    const edited = await findHypothesis(db, hypothesisId);
    if (edited === undefined) return;
    // The whole edited hypothesis is screened again: a concern left in the rationale keeps the flag,
    // and the gate sends it back to a fresh safety review showing the passages that remain.
    const verdict = screenHypothesis(edited);
    await setSafetyFlag(db, hypothesisId, verdict.flagged ? verdict.reasons.join('; ') : null, at);
    await updateHypothesisGate(db, [hypothesisId], verdict.flagged ? 'new' : 'approved', at);
    return;
  }
  await setSafetyFlag(db, hypothesisId, null, at);
  await updateHypothesisGate(db, [hypothesisId], 'approved', at);
}

/** An assistant's request (more budget, reopen): granted as asked, or as the scientist edited it. */
async function changeRequest(db: Db, actor: Actor, project: ResearchProject, checkpoint: Checkpoint, decision: DecisionInput): Promise<void> {
  if (decision.action === 'reject') return;
  const granted = (decision.action === 'edit' ? decision.data : checkpoint.payload) as Partial<ChangeRequestEdit>;
  await applyProjectChange(db, actor, project, {
    change: checkpoint.payload.change as ProjectChangeKind,
    addReasoningCalls: Number(granted.add_reasoning_calls ?? 0),
    addHypotheses: Number(granted.add_hypotheses ?? 0),
  });
}
