// One platform at a time: the machine has two cores and the suites measure nothing in parallel. Two collections at a
// time was tried (175 s against 212 s): in-process hosts then see each other's spans (ActivityListeners are
// process-wide), so tests that assert on telemetry fail; the gain did not reach the aim either
// (docs/history/performance-2026.md, "Test time (2026-11-24)").
[assembly: CollectionBehavior(DisableTestParallelization = true)]
