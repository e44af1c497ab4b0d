// What the public /templates page loads to create from a template (its TemplateStarter): apart
// from the feature's index, which the dashboard imports, so the dashboard's first visit does
// without the template catalog and the project's making.
export { startFromTemplate } from './start-from-template';
export { rememberTemplateChoice, takeTemplateChoice } from './template-choice';
