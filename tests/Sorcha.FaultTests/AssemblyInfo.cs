// One platform at a time inside this project, as in Sorcha.IntegrationTests: these suites kill, pause and load their
// platform's processes, and the machine has two cores. The parallelism is between the two projects (two processes).
[assembly: CollectionBehavior(DisableTestParallelization = true)]
