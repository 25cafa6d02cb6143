// The live events the sample acts on, from the hub at /hubs/events (docs/api.md, "Live events"), through SignalR's
// JavaScript client: ids and the moment, never payload data. The hub is not part of the OpenAPI document, so these
// types are written here, not generated.
import { HubConnectionBuilder, LogLevel, type HubConnection } from "@microsoft/signalr";

/** A step became next, for `wallet`. */
export interface ActionAvailable { instanceId: string; actionId: string; wallet: string; at: string }

/** An instance ended; `state` is `completed` or `rejected`. */
export interface InstanceEnded { instanceId: string; state: string; at: string }

/** An event one participant's connection received. */
export type Notice = { participant: string } & (
  | { kind: "ActionAvailable"; event: ActionAvailable }
  | { kind: "InstanceEnded"; event: InstanceEnded });

/**
 * Every participant's live-events connection, their events merged in arrival order. Each connection sends its own
 * caller's token (SignalR's accessTokenFactory: a header where it can, else `access_token` in the query) and
 * subscribes to that caller's wallet before anything it would hear of happens.
 */
export class LiveEventFeed {
  readonly #connections: HubConnection[] = [];
  readonly #notices: Notice[] = [];
  readonly #seen = new Set<string>();
  #wake: (() => void) | undefined;

  constructor(private readonly hubUrl: string) {}

  /** Connects as `participant` and subscribes to its `wallet`. */
  async connect(participant: string, token: string, wallet: string): Promise<void> {
    const connection = new HubConnectionBuilder()
      .withUrl(this.hubUrl, { accessTokenFactory: () => token })
      .configureLogging(LogLevel.Warning)
      .build();
    this.#connections.push(connection);
    connection.on("ActionAvailable", (event: ActionAvailable) => this.#push({ participant, kind: "ActionAvailable", event }));
    connection.on("InstanceEnded", (event: InstanceEnded) => this.#push({ participant, kind: "InstanceEnded", event }));
    await connection.start();
    await connection.invoke("SubscribeWallet", wallet);
  }

  /**
   * The next event about `instanceId` within `patienceMs`, else an error saying what was awaited. Delivery is at least
   * once, so an event already returned (the same ids and moment) is skipped; events of other instances are dropped.
   */
  async next(instanceId: string, awaiting: string, patienceMs: number): Promise<Notice> {
    const deadline = Date.now() + patienceMs;
    for (;;) {
      let notice: Notice | undefined;
      while ((notice = this.#notices.shift()) !== undefined) {
        const key = JSON.stringify(notice);
        if (notice.event.instanceId === instanceId && !this.#seen.has(key)) {
          this.#seen.add(key);
          return notice;
        }
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) {
        throw new Error(`no live event about instance ${instanceId} within ${patienceMs / 1000} s (awaiting ${awaiting})`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, remaining);
        this.#wake = () => { clearTimeout(timer); resolve(); };
      });
    }
  }

  async stop(): Promise<void> {
    await Promise.all(this.#connections.map((c) => c.stop()));
  }

  #push(notice: Notice): void {
    this.#notices.push(notice);
    this.#wake?.();
    this.#wake = undefined;
  }
}
