using Yarp.ReverseProxy.Configuration;

// usage: dotnet Sorcha.BareForwarder.dll --urls http://127.0.0.1:<port> --Destination http://127.0.0.1:<service port>
// No authentication, limits, telemetry or logging of its own: what any YARP gateway costs at the least, so that our
// gateway's hop can be judged against it in the same run.
var builder = WebApplication.CreateSlimBuilder(args);
builder.Logging.ClearProviders();
var destination = builder.Configuration["Destination"] ?? throw new ArgumentException("--Destination <url> is required");
builder.Services.AddReverseProxy().LoadFromMemory(
    [new RouteConfig { RouteId = "all", ClusterId = "service", Match = new RouteMatch { Path = "{**rest}" } }],
    [new ClusterConfig { ClusterId = "service", Destinations = new Dictionary<string, DestinationConfig> { ["only"] = new() { Address = destination } } }]);
var app = builder.Build();
app.MapReverseProxy();
app.Run();
