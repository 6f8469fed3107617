const LOGIN = '/rest/api/v1/login';

/**
 * Signs in through the API the way the web console does (anti-forgery cookie echoed in a header)
 * and returns the cookies a signed-in browser sends: `sessionCookie` is its whole Cookie header (the session and
 * the anti-forgery token the server bound to it), so a load test measures the requests the console makes.
 */
export async function signIn(origin, { username, password }) {
  const first = await fetch(origin + LOGIN, { signal: AbortSignal.timeout(10_000) });
  const csrf = cookieValue(first, 'VCSRF-TOKEN');
  if (!csrf) throw new Error(`GET ${LOGIN}: expected a set-cookie VCSRF-TOKEN, got status ${first.status} with set-cookie ${JSON.stringify(first.headers.getSetCookie())}`);

  const second = await fetch(origin + LOGIN, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `VCSRF-TOKEN=${csrf}`, 'x-vcsrf-token': csrf },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(10_000),
  });
  const session = cookieValue(second, 'KEYDECK_SESSION');
  if (second.status !== 200 || !session) {
    throw new Error(`POST ${LOGIN}: expected 200 with set-cookie KEYDECK_SESSION, got ${second.status} ${await second.text()}`);
  }
  // Sign-in renews the anti-forgery token (it is bound to the session): state-changing calls need the new one.
  const renewedCsrf = cookieValue(second, 'VCSRF-TOKEN') ?? csrf;
  const sessionCookie = `KEYDECK_SESSION=${session}; VCSRF-TOKEN=${renewedCsrf}`;

  // A load test of 401s would measure nothing: check the session is honoured before using it.
  const check = await fetch(origin + LOGIN, { headers: { cookie: sessionCookie }, signal: AbortSignal.timeout(10_000) });
  if (check.status !== 200) throw new Error(`GET ${LOGIN} with the new session: expected 200, got ${check.status} ${await check.text()}`);

  return {
    sessionCookie,
    csrf: renewedCsrf,
    browserCookies: [
      { name: 'KEYDECK_SESSION', value: session },
      { name: 'VCSRF-TOKEN', value: renewedCsrf },
    ],
  };
}

function cookieValue(response, name) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    if (pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}
