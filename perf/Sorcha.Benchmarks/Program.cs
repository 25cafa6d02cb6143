using BenchmarkDotNet.Running;
using Sorcha.Benchmarks;

// dotnet run -c Release --project perf/Sorcha.Benchmarks -- --filter '*'
// ... -- cpu-crypto | cpu-ledger [n] | verify-export [n] | batch-e2e <gateway> <secret file> [batches] [concurrency]
//     | latency-floor <gateway> <secret file> [n] [wallet-service-url]
//     | web <gateway> <secret file> [samples] [inbox samples] [web pid]: see the probes.
switch (args.FirstOrDefault())
{
    case "batch-e2e":
        return await BatchThroughputProbe.RunAsync(args);
    case "latency-floor":
        return await LatencyFloorProbe.RunAsync(args);
    case "web":
        return await WebProbe.RunAsync(args);
    case "cpu-crypto":
        return CpuTimeProbe.Crypto();
    case "verify-export":
        return await VerifyExportProbe.RunAsync(args);
    case "cpu-ledger":
        return await CpuTimeProbe.LedgerAsync(args.Length > 1 ? int.Parse(args[1], System.Globalization.CultureInfo.InvariantCulture) : 10_000);
}

BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
return 0;
