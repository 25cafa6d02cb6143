// One platform at a time: the machine has two cores and the suites measure nothing in parallel.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
