using Sorcha.ApiPlatform;
using Sorcha.ApiPlatform.Auth;
using Sorcha.Events;
using Sorcha.Transaction.Service.Commit;
using Sorcha.Transaction.Service.Transactions;

var builder = WebApplication.CreateBuilder(args);
builder.AddSorchaApiPlatform();
builder.AcceptServiceTokens();
builder.AddGroupCommit();
builder.AddLiveEvents();

var app = builder.Build();
app.UseSorchaApiPlatform();
app.MapSorchaApiPlatformEndpoints();
app.MapTransactionsApi();
app.Run();
