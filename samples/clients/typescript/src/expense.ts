// README's expense-approval workflow through a client generated from Sorcha's OpenAPI document: types from
// openapi-typescript (src/schema.d.ts), calls through openapi-fetch. Three callers (development tokens), a wallet each,
// the sample blueprint published, a register, an instance, three actions, and the register verified.
//
//   npx tsx src/expense.ts [gateway]          gateway: argument, SORCHA_GATEWAY, or http://localhost:5000
//   SORCHA_DEV_CLIENT_SECRET                  else read from src/Sorcha.AppHost/.data/dev-client-secret
//   SORCHA_CALLER_PREFIX                      prefixed to the three client ids (employee, manager, finance)
//
// Prints each step, then one line "outcome {json}"; exits 1 when a call fails or the outcome is not the expected one.
import { readFileSync } from "node:fs";
import createClient, { type Client } from "openapi-fetch";
import type { components, paths } from "./schema.js";

type Schemas = components["schemas"];
type Api = Client<paths>;

const repository = new URL("../../../../", import.meta.url);
const gateway = process.argv[2] ?? process.env.SORCHA_GATEWAY ?? "http://localhost:5000";
const secret = process.env.SORCHA_DEV_CLIENT_SECRET
  ?? readFileSync(new URL("src/Sorcha.AppHost/.data/dev-client-secret", repository), "utf8").trim();
const prefix = process.env.SORCHA_CALLER_PREFIX ?? "";

/** The data of a call that answered as documented, or an error naming the call, its status and the problem document. */
function ok<T>(call: string, result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || result.data === undefined) {
    throw new Error(`${call}: ${result.response.status} ${JSON.stringify(result.error ?? null)}`);
  }
  return result.data;
}

/** A client acting as one caller: a development token from POST /api/auth/token (Development only), sent as Bearer. */
async function caller(clientId: string): Promise<Api> {
  const anonymous = createClient<paths>({ baseUrl: gateway });
  const token = ok("POST /api/auth/token", await anonymous.POST("/api/auth/token", {
    body: { grant_type: "client_credentials", client_id: clientId, client_secret: secret },
    bodySerializer: (form) => new URLSearchParams(form).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  }));
  const api = createClient<paths>({ baseUrl: gateway });
  api.use({
    onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${token.access_token}`);
      return request;
    },
  });
  return api;
}

async function wallet(api: Api, name: string): Promise<string> {
  const created = ok("POST /api/wallets", await api.POST("/api/wallets", { body: { name, algorithm: "ED25519" } }));
  return created.address;
}

async function submit(api: Api, instanceId: string, actionId: string, sender: string, data: unknown) {
  const receipt = ok(`POST /api/instances/{instanceId}/actions/${actionId}`,
    await api.POST("/api/instances/{instanceId}/actions/{actionId}", {
      params: { path: { instanceId, actionId } },
      body: { sender, data },
    }));
  console.log(`${actionId}: tx ${receipt.txId}, next ${receipt.nextActionId ?? "none"}`);
  return receipt;
}

async function main() {
  const employee = await caller(`${prefix}employee`);
  const manager = await caller(`${prefix}manager`);
  const finance = await caller(`${prefix}finance`);
  const wallets = {
    employee: await wallet(employee, "employee"),
    manager: await wallet(manager, "manager"),
    finance: await wallet(finance, "finance"),
  };
  console.log(`wallets: ${JSON.stringify(wallets)}`);

  const sample = JSON.parse(readFileSync(new URL("samples/blueprints/expense-approval.json", repository), "utf8")) as Schemas["Blueprint"];
  const blueprint = ok("POST /api/blueprints", await employee.POST("/api/blueprints", { body: sample }));
  const published = ok("POST /api/blueprints/{id}/publish",
    await employee.POST("/api/blueprints/{id}/publish", { params: { path: { id: blueprint.id } } }));
  console.log(`blueprint ${published.id} version ${published.version} published ${published.published}`);

  const register = ok("POST /api/registers", await employee.POST("/api/registers", { body: { name: "expenses" } }));
  const instance = ok("POST /api/blueprints/{id}/instances", await employee.POST("/api/blueprints/{id}/instances", {
    params: { path: { id: blueprint.id } },
    body: { registerId: register.id, participants: wallets },
  }));
  console.log(`register ${register.id}, instance ${instance.instanceId}`);

  const receipts = [
    await submit(employee, instance.instanceId, "submit", wallets.employee, {
      employeeName: "Ada Lovelace", employeeEmail: "ada@example.com", expenseDate: "2025-03-14", category: "travel",
      amount: 1500, currency: "GBP", description: "Flights to the partner summit",
    }),
    await submit(manager, instance.instanceId, "approve", wallets.manager, { decision: "approved", approvedAmount: 1500 }),
    await submit(finance, instance.instanceId, "finance-review", wallets.finance,
      { paid: true, paymentReference: "PAY-123456", paymentDate: "2025-03-20" }),
  ];

  const state = ok("GET /api/instances/{instanceId}",
    await employee.GET("/api/instances/{instanceId}", { params: { path: { instanceId: instance.instanceId } } }));
  const verification = ok("GET /api/registers/{id}/verify",
    await employee.GET("/api/registers/{id}/verify", { params: { path: { id: register.id } } }));
  console.log(`instance ${state.status}; register verify: ${JSON.stringify(verification)}`);

  const outcome = {
    blueprintId: blueprint.id,
    registerId: register.id,
    instanceId: instance.instanceId,
    txIds: receipts.map((r) => r.txId),
    nextActionIds: receipts.map((r) => r.nextActionId ?? null),
    status: state.status,
    instanceTxIds: state.txIds,
    valid: verification.valid,
    checkedTransactions: Number(verification.checkedTransactions),
  };
  console.log(`outcome ${JSON.stringify(outcome)}`);
  if (outcome.status !== "completed" || !outcome.valid || outcome.checkedTransactions !== 3) {
    throw new Error("the workflow did not end completed with a valid register of 3 transactions");
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
