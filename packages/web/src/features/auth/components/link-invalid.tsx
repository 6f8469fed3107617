import { Alert, Anchor, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Messages } from '@keydeck/contract/messages';

/** A mailed link that is missing, used or expired: say so and offer a new one. */
export function LinkInvalid({ continueTo }: { continueTo: string | undefined }) {
  return (
    <Stack gap="md">
      <Alert color="error" variant="light" role="alert" title="This link does not work">
        {Messages.passwordLinkInvalid}
      </Alert>
      <Group justify="center">
        <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/forgot" search={{ continue: continueTo }} />}>
          Ask for a new link
        </Anchor>
      </Group>
    </Stack>
  );
}
