import {
  can,
  CARE_PLAN_TEMPLATE_KIND_LABELS,
  CARE_PLAN_TEMPLATE_KINDS,
  changeCarePlanTemplateRequestSchema,
  createCarePlanTemplateRequestSchema,
  TEXT_LIMITS,
  VISIT_TYPE_TASK_LABELS,
  VISIT_TYPES,
  type CarePlanTemplateKind,
  type CarePlanTemplateView,
  type VisitType,
} from '@care/events';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LayoutTemplate, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { apiSend } from '../../shared/api';
import { useCurrentUser } from '../../shared/current-user';
import { DialogFormFooter } from '../../shared/dialog-form-footer';
import { FormDialog } from '../../shared/form-dialog';
import { Field, fieldAria } from '../../shared/form-field';
import { serverFormErrors } from '../../shared/form-errors';
import { formatDate } from '../../shared/format';
import { ListLoadError, ListLoading } from '../../shared/list-states';
import { TextListInput } from '../../shared/text-list-input';
import { toast } from '../../shared/toast';
import { CARE_PLANS_PATH, carePlanTemplatesQueryOptions, reloadCarePlans } from './care-plan-queries';

/** Templates: starting points for New Care Plan; administrators add and edit them. */
export function TemplatesPanel() {
  const isAdmin = can(useCurrentUser().role, 'carePlans.templates');
  const templates = useQuery(carePlanTemplatesQueryOptions);
  const [editing, setEditing] = useState<{ open: boolean; template?: CarePlanTemplateView | undefined }>({
    open: false,
  });
  if (templates.isPending) return <ListLoading what="templates" />;
  if (templates.isError)
    return <ListLoadError what="templates" error={templates.error} onRetry={() => void templates.refetch()} />;
  return (
    <div className="templates-panel">
      {isAdmin && (
        <div className="toolbar">
          <button type="button" className="button button-primary" onClick={() => setEditing({ open: true })}>
            <Plus size={16} aria-hidden /> Add Template
          </button>
        </div>
      )}
      {templates.data.length === 0 ? (
        <div className="card empty-state">
          <LayoutTemplate size={36} aria-hidden className="empty-icon" />
          <p>No templates yet.{isAdmin ? ' Add one to start plans from it.' : ' An administrator adds them.'}</p>
        </div>
      ) : (
        <div className="care-plan-grid">
          {templates.data.map((template) => (
            <article
              key={template.id}
              className="card template-card"
              data-testid="template-card"
              aria-label={template.name}
            >
              <header className="care-plan-card-header">
                <h3 className="care-plan-title">{template.name}</h3>
                <span className="badge badge-muted">{CARE_PLAN_TEMPLATE_KIND_LABELS[template.kind]}</span>
              </header>
              <p className="care-plan-description">
                <strong>{template.title}</strong>
                {template.description ? ` · ${template.description}` : ''}
              </p>
              <p className="small">
                {template.objectives.length} objectives · {template.interventions.length} interventions ·{' '}
                {template.goals.length} goals
              </p>
              {template.visitTasks.map((list) => (
                <p key={list.visitType} className="small">
                  <strong>{VISIT_TYPE_TASK_LABELS[list.visitType]}:</strong> {list.tasks.join('; ')}
                </p>
              ))}
              <p className="muted small">
                Last edited {formatDate(template.updatedAt)} by {template.updatedByName ?? 'unknown'}
              </p>
              {isAdmin && (
                <div className="card-actions">
                  <button
                    type="button"
                    className="button button-small button-secondary"
                    onClick={() => setEditing({ open: true, template })}
                    aria-label={`Edit template ${template.name}`}
                  >
                    Edit
                  </button>
                </div>
              )}
            </article>
          ))}
        </div>
      )}
      {isAdmin && (
        <FormDialog
          open={editing.open}
          onOpenChange={(open) => setEditing((current) => ({ ...current, open }))}
          title={editing.template ? `Edit template: ${editing.template.name}` : 'Add Template'}
        >
          {editing.open && <TemplateForm template={editing.template} onDone={() => setEditing({ open: false })} />}
        </FormDialog>
      )}
    </div>
  );
}

const FIELDS = ['name', 'kind', 'title', 'description', 'objectives', 'interventions', 'goals', 'visitTasks'] as const;
type Errors = Partial<Record<(typeof FIELDS)[number], string>>;

function TemplateForm({ template, onDone }: { template: CarePlanTemplateView | undefined; onDone: () => void }) {
  const base = useId();
  const idOf = (field: string) => `${base}-${field}`;
  const queryClient = useQueryClient();
  const [name, setName] = useState(template?.name ?? '');
  const [kind, setKind] = useState<CarePlanTemplateKind>(template?.kind ?? 'personal_care');
  const [title, setTitle] = useState(template?.title ?? '');
  const [description, setDescription] = useState(template?.description ?? '');
  const [lists, setLists] = useState({
    objectives: template?.objectives ?? [],
    interventions: template?.interventions ?? [],
    goals: template?.goals ?? [],
  });
  const [tasks, setTasks] = useState<Record<VisitType, string[]>>(
    () =>
      Object.fromEntries(
        VISIT_TYPES.map((type) => [type, template?.visitTasks.find((list) => list.visitType === type)?.tasks ?? []]),
      ) as Record<VisitType, string[]>,
  );
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = {
      name,
      kind,
      title,
      description,
      ...lists,
      visitTasks: VISIT_TYPES.flatMap((visitType) =>
        tasks[visitType].length > 0 ? [{ visitType, tasks: tasks[visitType] }] : [],
      ),
    };
    const check = (template ? changeCarePlanTemplateRequestSchema : createCarePlanTemplateRequestSchema).safeParse(
      body,
    );
    if (!check.success) {
      const found: Errors = {};
      for (const issue of check.error.issues) found[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(found);
      return;
    }
    setBusy(true);
    try {
      if (template)
        await apiSend('PATCH', `${CARE_PLANS_PATH}/templates/${template.id}`, body, { 'If-Match': template.revision });
      else await apiSend('POST', `${CARE_PLANS_PATH}/templates`, body);
      await reloadCarePlans(queryClient);
      toast({ title: template ? 'Template saved' : 'Template added' });
      onDone();
    } catch (error) {
      const { fieldErrors, formError: message } = serverFormErrors(error, FIELDS);
      setErrors(fieldErrors);
      setFormError(
        message ??
          (Object.keys(fieldErrors).length === 0 ? 'The template could not be saved. Please try again.' : undefined),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-grid" onSubmit={submit} noValidate>
      <Field id={idOf('name')} label="Template name" required error={errors.name}>
        <input
          id={idOf('name')}
          className="input"
          maxLength={TEXT_LIMITS.title}
          value={name}
          aria-required
          {...fieldAria(idOf('name'), errors.name)}
          onChange={(event) => setName(event.target.value)}
        />
      </Field>
      <Field id={idOf('kind')} label="Kind of care" error={errors.kind}>
        <select
          id={idOf('kind')}
          className="input"
          value={kind}
          onChange={(event) => setKind(event.target.value as CarePlanTemplateKind)}
        >
          {CARE_PLAN_TEMPLATE_KINDS.map((value) => (
            <option key={value} value={value}>
              {CARE_PLAN_TEMPLATE_KIND_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field id={idOf('title')} label="Plan title" required error={errors.title}>
        <input
          id={idOf('title')}
          className="input"
          maxLength={TEXT_LIMITS.title}
          value={title}
          aria-required
          {...fieldAria(idOf('title'), errors.title)}
          onChange={(event) => setTitle(event.target.value)}
        />
      </Field>
      <Field id={idOf('description')} label="Description" error={errors.description} wide>
        <textarea
          id={idOf('description')}
          className="input"
          rows={2}
          maxLength={TEXT_LIMITS.notes}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field>
      {(['objectives', 'interventions', 'goals'] as const).map((field) => (
        <Field
          key={field}
          id={idOf(field)}
          label={field.charAt(0).toUpperCase() + field.slice(1)}
          error={errors[field]}
          wide
        >
          <TextListInput
            id={idOf(field)}
            listLabel={`Added ${field}`}
            placeholder="Add an entry"
            value={lists[field]}
            onChange={(next) => setLists((current) => ({ ...current, [field]: next }))}
          />
        </Field>
      ))}
      <fieldset className="field field-wide care-plan-fieldset">
        <legend className="label">Tasks per visit type</legend>
        {VISIT_TYPES.map((visitType) => (
          <div key={visitType} className="visit-tasks-row">
            <label htmlFor={idOf(`tasks-${visitType}`)} className="risk-label">
              {VISIT_TYPE_TASK_LABELS[visitType]}
            </label>
            <TextListInput
              id={idOf(`tasks-${visitType}`)}
              listLabel={`${VISIT_TYPE_TASK_LABELS[visitType]} tasks`}
              placeholder="Add a task"
              value={tasks[visitType]}
              onChange={(next) => setTasks((current) => ({ ...current, [visitType]: next }))}
            />
          </div>
        ))}
      </fieldset>
      <div className="field-wide">
        <DialogFormFooter
          formError={formError}
          submitLabel={busy ? 'Saving…' : template ? 'Save template' : 'Add Template'}
          disabled={busy}
        />
      </div>
    </form>
  );
}
