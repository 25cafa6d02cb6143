using Sorcha.ApiPlatform;
using Sorcha.Blueprint.Service.Attachments;
using Sorcha.Blueprint.Service.Blueprints;
using Sorcha.Blueprint.Service.Execution;
using Sorcha.Blueprint.Service.Inbox;
using Sorcha.Blueprint.Service.Instances;
using Sorcha.Blueprint.Service.Platform;
using Sorcha.Blueprint.Service.Templates;
using Sorcha.Events;

var builder = WebApplication.CreateBuilder(args);
builder.AddSorchaApiPlatform();
builder.AddBlueprintServices();
builder.AddPlatformClients();
builder.AddLiveEvents();

var app = builder.Build();
app.UseSorchaApiPlatform();
app.MapSorchaApiPlatformEndpoints();
app.MapBlueprintsApi();
app.MapExecutionApi();
app.MapInstancesApi();
app.MapInboxApi();
app.MapTemplatesApi();
app.MapAttachmentsApi();
app.MapLiveEvents();
app.Run();
