using Sorcha.AppHost;

// `dotnet run` (or `aspire run`): the AppHost's configuration gives the options (ports, secrets, Redis, replicas);
// the app model is SorchaApp.AddPlatform, which the tests start too (DistributedApplicationTestingBuilder).
var builder = DistributedApplication.CreateBuilder(SorchaApp.ApplicationOptions(args));
SorchaApp.AddPlatform(builder);
await builder.Build().RunAsync();
