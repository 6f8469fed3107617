import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Overlay.css';
import type { ReactNode } from 'react';
import { Button, Modal } from '@mantine/core';
import { showToast } from '../toasts';
import { UiDefaults } from '../ui-defaults';

/** What a form in the modal is given: it sends with onSubmit, shows `pending` and puts `actions` beside submit. */
export interface FormModalSlot<T> {
  onSubmit: (values: T) => Promise<void>;
  pending: boolean;
  actions: ReactNode;
}

interface FormModalProps<T> {
  opened: boolean;
  title: ReactNode;
  onClose: () => void;
  /** UiDefaults.modalWidth (spec §9) unless given. */
  size?: number;
  /** The mutations the form runs: submit shows their pending state; a save resets them. */
  mutations?: readonly { isPending: boolean; reset: () => void }[];
  /** Saves the valid values and resolves to the success toast's text (none for undefined); a refusal rejects. */
  onSubmit: (values: T) => Promise<string | undefined>;
  cancelLabel?: string;
  /** The form, rebuilt empty (or from the edited entity) on every opening. */
  children: (form: FormModalSlot<T>) => ReactNode;
}

/** The modal around a form: a save toasts, resets the mutations and closes; a refusal stays on the form. */
export function FormModal<T>({ opened, title, onClose, size = UiDefaults.modalWidth, mutations = [], onSubmit, cancelLabel = 'Cancel', children }: FormModalProps<T>) {
  const slot: FormModalSlot<T> = {
    onSubmit: async (values) => {
      const message = await onSubmit(values);
      if (message) showToast({ color: 'success', message });
      for (const mutation of mutations) mutation.reset();
      onClose();
    },
    pending: mutations.some((mutation) => mutation.isPending),
    actions: (
      <Button variant="default" onClick={onClose}>
        {cancelLabel}
      </Button>
    ),
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? children(slot) : null}
    </Modal>
  );
}
