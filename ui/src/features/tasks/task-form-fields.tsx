import {
  TASK_CATEGORIES,
  TASK_CATEGORY_LABELS,
  TASK_PRIORITIES,
  TASK_PRIORITY_LABELS,
  TASK_TYPES,
  TASK_TYPE_LABELS,
  type TaskCategory,
  type TaskPriority,
  type TaskType,
} from '@care/events';
import { Field, fieldAria } from '../../shared/form-field';
import { SelectOptions } from '../../shared/select-options';
import { useAssignees } from './get-assignees';
import { DateInput } from '../../shared/date-fields/date-input';

export interface TaskFormValues {
  title: string;
  description: string;
  type: TaskType;
  category: TaskCategory | '';
  priority: TaskPriority | '';
  dueDate: string;
  assignedTo: string;
}

export type TaskFormField = keyof TaskFormValues;

interface TaskFormFieldsProps {
  readonly id: string;
  readonly values: TaskFormValues;
  readonly errors: Partial<Record<TaskFormField, string>>;
  readonly onChange: (next: Partial<TaskFormValues>) => void;
  /** Which fields this form has (a task made from an alert has no type or description; its blanks come from the alert). */
  readonly fields: readonly TaskFormField[];
  /** Shown as the blank choice of category and priority when the server fills them in. */
  readonly blankLabel?: string;
  readonly titlePlaceholder?: string;
}

/** The fields of a task form: create a task, or make one from an alert. */
export function TaskFormFields({
  id,
  values,
  errors,
  onChange,
  fields,
  blankLabel,
  titlePlaceholder,
}: TaskFormFieldsProps) {
  const { assignees, isPending } = useAssignees();
  const fieldId = (name: TaskFormField) => `${id}-${name}`;
  const has = (name: TaskFormField) => fields.includes(name);
  return (
    <div className="form-grid">
      {has('title') && (
        <Field id={fieldId('title')} label="Title" required={blankLabel === undefined} error={errors.title} wide>
          <input
            id={fieldId('title')}
            className="input"
            value={values.title}
            placeholder={titlePlaceholder}
            maxLength={200}
            onChange={(event) => onChange({ title: event.target.value })}
            {...fieldAria(fieldId('title'), errors.title)}
          />
        </Field>
      )}
      {has('description') && (
        <Field id={fieldId('description')} label="Description" error={errors.description} wide>
          <textarea
            id={fieldId('description')}
            className="input"
            rows={3}
            value={values.description}
            onChange={(event) => onChange({ description: event.target.value })}
            {...fieldAria(fieldId('description'), errors.description)}
          />
        </Field>
      )}
      {has('type') && (
        <Field id={fieldId('type')} label="Type" required error={errors.type}>
          <select
            id={fieldId('type')}
            className="input"
            value={values.type}
            onChange={(event) =>
              onChange({ type: TASK_TYPES.find((value) => value === event.target.value) ?? 'other' })
            }
            {...fieldAria(fieldId('type'), errors.type)}
          >
            <SelectOptions values={TASK_TYPES} label={(value) => TASK_TYPE_LABELS[value]} />
          </select>
        </Field>
      )}
      <Field id={fieldId('category')} label="Category" required={blankLabel === undefined} error={errors.category}>
        <select
          id={fieldId('category')}
          className="input"
          value={values.category}
          onChange={(event) =>
            onChange({ category: TASK_CATEGORIES.find((value) => value === event.target.value) ?? '' })
          }
          {...fieldAria(fieldId('category'), errors.category)}
        >
          <SelectOptions
            values={TASK_CATEGORIES}
            label={(value) => TASK_CATEGORY_LABELS[value]}
            placeholder={blankLabel ?? 'Select category'}
          />
        </select>
      </Field>
      <Field id={fieldId('priority')} label="Priority" error={errors.priority}>
        <select
          id={fieldId('priority')}
          className="input"
          value={values.priority}
          onChange={(event) =>
            onChange({ priority: TASK_PRIORITIES.find((value) => value === event.target.value) ?? '' })
          }
          {...fieldAria(fieldId('priority'), errors.priority)}
        >
          <SelectOptions
            values={TASK_PRIORITIES}
            label={(value) => TASK_PRIORITY_LABELS[value]}
            placeholder={blankLabel}
          />
        </select>
      </Field>
      <Field id={fieldId('dueDate')} label="Due date" error={errors.dueDate}>
        <DateInput
          id={fieldId('dueDate')}
          className="input"
          value={values.dueDate}
          onChange={(event) => onChange({ dueDate: event.target.value })}
          {...fieldAria(fieldId('dueDate'), errors.dueDate)}
        />
      </Field>
      <Field id={fieldId('assignedTo')} label="Assign to" error={errors.assignedTo}>
        <select
          id={fieldId('assignedTo')}
          className="input"
          value={values.assignedTo}
          disabled={isPending}
          onChange={(event) => onChange({ assignedTo: event.target.value })}
          {...fieldAria(fieldId('assignedTo'), errors.assignedTo)}
        >
          <option value="">Nobody (unassigned)</option>
          {assignees.map((person) => (
            <option key={person.id} value={person.id}>
              {person.label}
            </option>
          ))}
        </select>
      </Field>
    </div>
  );
}
