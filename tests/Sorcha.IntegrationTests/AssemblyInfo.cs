// Two test collections at a time (xunit's conservative algorithm starts no more tests than threads): each collection
// is one platform (PlatformScope, FaultScope, ClusterScope, ProductionScope, or a class with its own platform), and
// most of a fault suite's time is waiting for a process to restart, which leaves the CPU to the other collection.
[assembly: CollectionBehavior(MaxParallelThreads = 2)]
