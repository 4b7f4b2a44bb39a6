// A stand-in for Playwright MCP that misbehaves on purpose, over stdio (one JSON-RPC message a
// line), started as Playwright MCP is, with its mode last: `silent` never answers; `errors`
// answers the handshake and the start's browser probe, then every other tool call with a
// JSON-RPC error.
const mode = process.argv[process.argv.length - 1];
process.stderr.write(`stub started (${mode})\n`);
let buffer = "";
process.stdin.on("data", (chunk) => {
  buffer += chunk;
  let end;
  while ((end = buffer.indexOf("\n")) >= 0) {
    const line = buffer.slice(0, end);
    buffer = buffer.slice(end + 1);
    if (line.trim() && mode !== "silent") answer(JSON.parse(line));
  }
});
process.stdin.on("end", () => process.exit(0));

function send(message) {
  process.stdout.write(JSON.stringify({ jsonrpc: "2.0", ...message }) + "\n");
}

function answer(request) {
  if (request.id === undefined) return; // a notification
  if (request.method === "initialize") {
    const version = request.params.protocolVersion;
    const serverInfo = { name: "stub", version: "0" };
    send({ id: request.id, result: { protocolVersion: version, capabilities: { tools: {} }, serverInfo } });
  } else if (request.method === "tools/list") {
    const schema = { type: "object", properties: {} };
    send({ id: request.id, result: { tools: [{ name: "browser_tabs", inputSchema: schema }] } });
  } else if (request.method === "tools/call" && request.params.name === "browser_tabs") {
    send({ id: request.id, result: { content: [{ type: "text", text: "- 0: (current)" }] } });
  } else {
    send({ id: request.id, error: { code: -32602, message: "Invalid params: not this one" } });
  }
}
