export const SERVICE_CURRENT = '/rest/api/v1/service/service_user_group/current';
const PROVISIONING_POLLS = 150;

/**
 * Gives the signed-in administrator a service of their own account the way a customer gets one: requested,
 * approved, provisioned by the background job, selected and logged in to. Returns the URL of a service data
 * call (the caller's group, GET service/service_user_group/current) to put under load, and the service's id.
 */
export async function openServiceSession(origin, session) {
  const call = caller(origin, session);
  const catalogue = await call('GET', '/rest/api/v1/service/services?page_size=99');
  const order = { type: 'cryptoverse', name: 'Bench service', location: catalogue.service_locations[0].id, environment: catalogue.environments[0] };
  const { service } = await call('POST', '/rest/api/v1/service/services', order);
  await call('PUT', '/rest/api/v1/admin/services/', { services: [{ id: service.id, action: 'approve' }] });
  for (let poll = 0; ; poll++) {
    if ((await call('GET', `/rest/api/v1/service/?id=${service.id}`)).service.status === 'Enabled') break;
    if (poll === PROVISIONING_POLLS) throw new Error(`service ${service.id} was not provisioned within ${PROVISIONING_POLLS} polls`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await enterService(origin, session, service.id);
  return { dataUrl: origin + SERVICE_CURRENT, serviceId: service.id };
}

/** Selects an existing service and logs in to it (again, e.g. with a new session after a restart). */
export async function enterService(origin, session, serviceId) {
  const call = caller(origin, session);
  await call('PUT', '/rest/api/v1/service/services', { service_id: serviceId });
  await call('POST', `/rest/api/v1/service/login/${serviceId}`);
}

/** A JSON call with the session and the anti-forgery cookie and header, as the web console makes it. */
export function caller(origin, session, timeoutMs = 10_000) {
  return async (method, path, body) => {
    const response = await fetch(origin + path, {
      method,
      headers: {
        cookie: session.sessionCookie,
        'x-vcsrf-token': session.csrf,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
}
