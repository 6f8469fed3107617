import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a refused submit, focus (and so scroll to) the form's first invalid field, or show the form's
 * alert: in a long modal the error may be out of view while the user is at the submit button. Call the returned
 * `refused` whenever field errors have been set.
 */
export function useFocusFirstError() {
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    const form = formRef.current;
    if (refusals === 0 || !form) return;
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    // A refusal without field errors shows as an alert above the fields: bring that into view instead.
    if (field) field.focus();
    else form.querySelector('[role="alert"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [refusals]);
  const refused = useCallback(() => setRefusals((count) => count + 1), []);
  return { formRef, refused };
}
