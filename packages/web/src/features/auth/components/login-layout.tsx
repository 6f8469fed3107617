// Every page of the group links back and forth ("Back to sign in"): styled however the visitor arrived.
import '@mantine/core/styles/Anchor.css';
import { Box, Center, Group, Text } from '@mantine/core';
import { Outlet } from '@tanstack/react-router';
import { ColorSchemeToggle } from '../../../lib/color-scheme-toggle';
import { ProductMark } from '../../../lib/product-mark';
import classes from './login-layout.module.css';

/** The login group's background: a quiet gradient with the product name above a centered card. */
export function LoginLayout() {
  return (
    <Box className={classes.background}>
      <Group justify="flex-end" p="md" className={classes.toolbar}>
        <ColorSchemeToggle />
      </Group>
      <Center component="main" className={classes.main}>
        <Box w="100%" maw={420}>
          <Group justify="center" gap="xs" mb="lg">
            <ProductMark size={36} />
            <Text component="span" fz={28} fw={700} lh={1}>
              Keydeck
            </Text>
          </Group>
          <Outlet />
          <Text ta="center" size="xs" c="dimmed" mt="lg">
            Key management and HSM administration
          </Text>
        </Box>
      </Center>
    </Box>
  );
}
