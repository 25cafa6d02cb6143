using Sorcha.Registers.Store;

namespace Sorcha.Transaction.Service.Commit;

public static class CommitSetup
{
    public static void AddGroupCommit(this WebApplicationBuilder builder)
    {
        builder.Services.AddSingleton<RegisterStore>();
        builder.Services.AddSingleton<GroupCommitter>();
    }
}
