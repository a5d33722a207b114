// The report form's guests and tasks tabs: a table, checkboxes and the member picker each, which the
// form does not need before it can be typed in (report-tabs.tsx loads this module on demand).
export { GuestsTab } from './guests-tab.tsx';
export { TasksTab } from './tasks-tab.tsx';
