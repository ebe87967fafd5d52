/* What the tasks screen offers other screens: the alerts screen assigns and raises tasks with the same dialog and
   fields, so an alert's task looks and validates exactly like one made on the tasks screen. */
export { AssignDialog } from './assign-dialog';
export { TaskFormFields, type TaskFormField, type TaskFormValues } from './task-form-fields';
