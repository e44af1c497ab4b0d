import { loadWhenOpened } from '../../../components/load-when-opened';
import { Dialog } from '../../../components/ui/dialog';

/**
 * The create-project dialog, loaded when first opened (its code and the tooltips' with it), or
 * from `preload`; Radix's dialog, which loads when a dialog opens, starts loading with it.
 */
export const CreateProjectDialog = loadWhenOpened(
  () => {
    Dialog.preload();
    return import('./create-project-dialog').then((module) => module.CreateProjectDialog);
  },
  (props) => props.open,
);
