import { Center, Loader } from '@mantine/core';

/** Shown while a screen's code or its session check is loading. */
export function RoutePending() {
  return (
    <Center h="100dvh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}
