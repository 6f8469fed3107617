type KoaLike = { type: string; body: string };

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page the authorization server shows when it cannot send the browser back to the application (an unknown
 * client, a redirect URI that is not registered): what went wrong, in the console's plain style, never a stack.
 */
export function renderErrorPage(ctx: KoaLike, out: { error: string; error_description?: string }): void {
  ctx.type = 'html';
  ctx.body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Authorization failed · Keydeck</title>
<style>body{font-family:system-ui,sans-serif;background:#f1f3f5;color:#212529;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:8px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:32px;max-width:480px}
h1{font-size:20px;margin:0 0 12px}code{background:#f1f3f5;padding:2px 6px;border-radius:4px}p{line-height:1.5}</style></head>
<body><main><h1>The application's request was refused</h1>
<p>${escape(out.error_description ?? 'The authorization request is not valid.')}</p>
<p>Error: <code>${escape(out.error)}</code></p>
<p>Nothing was shared with the application. Contact its developer, or go back to <a href="/home">the console</a>.</p></main></body></html>`;
}
