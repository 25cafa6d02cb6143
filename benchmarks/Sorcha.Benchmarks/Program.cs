using BenchmarkDotNet.Running;

// dotnet run -c Release --project benchmarks/Sorcha.Benchmarks -- --filter '*'
BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
