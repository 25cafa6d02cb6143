using Sorcha.ServiceDefaults;
using Sorcha.Transaction.Service.Commit;
using Sorcha.Transaction.Service.Transactions;

var builder = WebApplication.CreateBuilder(args);
builder.AddServiceDefaults();
builder.AddGroupCommit();

var app = builder.Build();
app.MapDefaultEndpoints();
app.MapTransactionsApi();
app.Run();
