// README's expense-approval workflow through a client generated from Sorcha's OpenAPI document: types from
// openapi-typescript (src/schema.d.ts), calls through openapi-fetch. Three callers (development tokens), a wallet each,
// the sample blueprint published, then two runs, each on its own register and instance: approved straight through, and
// sent back once by the manager, resubmitted, approved. Nobody is told what to do next: each participant acts when its
// live event ActionAvailable arrives (src/events.ts), on the step it then finds in its inbox (GET /api/inbox), until
// InstanceEnded; each run's register is then verified.
//
//   npx tsx src/expense.ts [gateway]          gateway: argument, SORCHA_GATEWAY, or http://localhost:5000
//   SORCHA_EVENTS                             where the hub /hubs/events is; else the gateway
//   SORCHA_DEV_CLIENT_SECRET                  else read from src/Sorcha.AppHost/.data/dev-client-secret
//   SORCHA_CALLER_PREFIX                      prefixed to the three client ids (employee, manager, finance)
//
// Prints each step, then one line "outcome {json}"; exits 1 when a call fails, an event does not come in time, or the
// outcome is not the expected one.
import { readFileSync } from "node:fs";
import createClient, { type Client } from "openapi-fetch";
import { LiveEventFeed } from "./events.js";
import type { components, paths } from "./schema.js";

type Schemas = components["schemas"];
type Api = Client<paths>;

/** How long any one live event may take to arrive before the run fails saying which it awaited. */
const patienceMs = 30_000;

const repository = new URL("../../../../", import.meta.url);
const gateway = process.argv[2] ?? process.env.SORCHA_GATEWAY ?? "http://localhost:5000";
const hubUrl = new URL("/hubs/events", process.env.SORCHA_EVENTS ?? gateway).toString();
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

/** One caller: its client (its token sent as Bearer), the token itself (for the hub) and its wallet. */
interface Participant { name: string; api: Api; token: string; wallet: string }

/** A caller with a development token from POST /api/auth/token (Development only) and a new wallet. */
async function participant(name: string): Promise<Participant> {
  const anonymous = createClient<paths>({ baseUrl: gateway });
  const token = ok("POST /api/auth/token", await anonymous.POST("/api/auth/token", {
    body: { grant_type: "client_credentials", client_id: `${prefix}${name}`, client_secret: secret },
    bodySerializer: (form) => new URLSearchParams(form).toString(),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  })).access_token;
  const api = createClient<paths>({ baseUrl: gateway });
  api.use({
    onRequest({ request }) {
      request.headers.set("Authorization", `Bearer ${token}`);
      return request;
    },
  });
  const wallet = ok("POST /api/wallets", await api.POST("/api/wallets", { body: { name, algorithm: "ED25519" } })).address;
  return { name, api, token, wallet };
}

/** One step a participant took: the action, whether it was a rejection, its transaction and what came next. */
interface Step { participant: string; actionId: string; rejected: boolean; txId: string; nextActionId: string | null }

/** What each participant submits for the steps that are theirs. */
function dataFor(who: string, actionId: string): unknown {
  switch (`${who} ${actionId}`) {
    case "employee submit":
      return {
        employeeName: "Ada Lovelace", employeeEmail: "ada@example.com", expenseDate: "2025-03-14", category: "travel",
        amount: 1500, currency: "GBP", description: "Flights to the partner summit",
      };
    case "manager approve":
      return { decision: "approved", approvedAmount: 1500 };
    case "finance finance-review":
      return { paid: true, paymentReference: "PAY-123456", paymentDate: "2025-03-20" };
    default:
      throw new Error(`${who} does not know what to do with the step ${actionId}`);
  }
}

/** Takes a step found in the inbox: submits the participant's data, or, for the manager when `rejectFirst`, sends it back. */
async function act(who: Participant, item: Schemas["InboxItem"], rejectFirst: boolean): Promise<Step> {
  const path = { instanceId: item.instanceId, actionId: item.actionId };
  const sender = item.wallet ?? who.wallet;
  if (rejectFirst && who.name === "manager" && item.actionId === "approve") {
    const rejected = ok(`POST /api/instances/{instanceId}/actions/${item.actionId}/reject`,
      await who.api.POST("/api/instances/{instanceId}/actions/{actionId}/reject", {
        params: { path }, body: { sender, reason: "Attach the flight receipts, please." },
      }));
    return { participant: who.name, actionId: item.actionId, rejected: true, txId: rejected.txId, nextActionId: rejected.nextActionId ?? null };
  }
  const receipt = ok(`POST /api/instances/{instanceId}/actions/${item.actionId}`,
    await who.api.POST("/api/instances/{instanceId}/actions/{actionId}", {
      params: { path }, body: { sender, data: dataFor(who.name, item.actionId) },
    }));
  return { participant: who.name, actionId: item.actionId, rejected: false, txId: receipt.txId, nextActionId: receipt.nextActionId ?? null };
}

/** One claim on a register of its own, from the instance's creation to its end, driven by live events. */
async function run(participants: Record<string, Participant>, feed: LiveEventFeed, blueprintId: string, sendBack: boolean) {
  const employee = participants.employee!.api;
  const register = ok("POST /api/registers", await employee.POST("/api/registers", { body: { name: "expenses" } }));
  const bound = Object.fromEntries(Object.values(participants).map((p) => [p.name, p.wallet]));
  const instance = ok("POST /api/blueprints/{id}/instances", await employee.POST("/api/blueprints/{id}/instances", {
    params: { path: { id: blueprintId } },
    body: { registerId: register.id, participants: bound },
  }));
  const instanceId = instance.instanceId;
  console.log(`${sendBack ? "sent-back" : "approved"} run: register ${register.id}, instance ${instanceId}`);

  const steps: Step[] = [];
  for (;;) {
    const notice = await feed.next(instanceId,
      steps.length === 0 ? "the first step's ActionAvailable" : "the next step or InstanceEnded", patienceMs);
    if (notice.kind === "InstanceEnded") {
      console.log(`${notice.participant} told: instance ended ${notice.event.state}`);
      break;
    }
    const who = participants[notice.participant]!;
    const inbox = ok("GET /api/inbox", await who.api.GET("/api/inbox"));
    const item = inbox.items.find((i) => i.instanceId === instanceId && i.actionId === notice.event.actionId);
    if (item === undefined) {
      throw new Error(`${who.name} was told ${notice.event.actionId} of ${instanceId} is theirs, but it is not in their inbox`);
    }
    const step = await act(who, item, sendBack && !steps.some((s) => s.rejected));
    console.log(`${who.name} told of ${item.actionId} (${item.actionTitle}), found it in the inbox: ` +
      `${step.rejected ? "rejected" : "submitted"}, tx ${step.txId}, next ${step.nextActionId ?? "none"}`);
    steps.push(step);
  }

  const state = ok("GET /api/instances/{instanceId}",
    await employee.GET("/api/instances/{instanceId}", { params: { path: { instanceId } } }));
  const verification = ok("GET /api/registers/{id}/verify",
    await employee.GET("/api/registers/{id}/verify", { params: { path: { id: register.id } } }));
  console.log(`instance ${state.status}; register verify: ${JSON.stringify(verification)}`);
  return {
    registerId: register.id,
    instanceId,
    steps,
    status: state.status,
    instanceTxIds: state.txIds,
    valid: verification.valid,
    checkedTransactions: Number(verification.checkedTransactions),
  };
}

async function main() {
  const feed = new LiveEventFeed(hubUrl);
  try {
    const participants: Record<string, Participant> = {};
    for (const name of ["employee", "manager", "finance"]) {
      const p = await participant(name);
      participants[name] = p;
      // Subscribed before any instance exists, so no ActionAvailable of this caller's can be missed.
      await feed.connect(name, p.token, p.wallet);
    }
    console.log(`wallets: ${Object.values(participants).map((p) => `${p.name} ${p.wallet}`).join(", ")}; live events subscribed`);

    const employee = participants.employee!.api;
    const sample = JSON.parse(readFileSync(new URL("samples/blueprints/expense-approval.json", repository), "utf8")) as Schemas["Blueprint"];
    const blueprint = ok("POST /api/blueprints", await employee.POST("/api/blueprints", { body: sample }));
    const published = ok("POST /api/blueprints/{id}/publish",
      await employee.POST("/api/blueprints/{id}/publish", { params: { path: { id: blueprint.id } } }));
    console.log(`blueprint ${published.id} version ${published.version} published ${published.published}`);

    const outcome = {
      blueprintId: blueprint.id,
      approved: await run(participants, feed, blueprint.id, false),
      sentBack: await run(participants, feed, blueprint.id, true),
    };
    console.log(`outcome ${JSON.stringify(outcome)}`);
    const good = (r: typeof outcome.approved) => r.status === "completed" && r.valid && r.checkedTransactions === r.steps.length
      && JSON.stringify(r.instanceTxIds) === JSON.stringify(r.steps.map((s) => s.txId));
    if (!good(outcome.approved) || !good(outcome.sentBack) || outcome.approved.steps.length !== 3
      || outcome.sentBack.steps.filter((s) => s.rejected).length !== 1) {
      throw new Error("the runs did not both end completed, with every step's transaction in a valid register");
    }
  } finally {
    await feed.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
