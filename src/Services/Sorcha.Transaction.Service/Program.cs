using Sorcha.ApiPlatform.Auth;
using Sorcha.Events;
using Sorcha.ServiceDefaults;
using Sorcha.Transaction.Service.Commit;
using Sorcha.Transaction.Service.Transactions;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AcceptServiceTokens();
builder.AddGroupCommit();
builder.AddLiveEvents();

var app = builder.Build();
app.UseServiceDefaults();
app.MapDefaultEndpoints();
app.MapTransactionsApi();
app.Run();
