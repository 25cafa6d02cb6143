using Microsoft.AspNetCore.Server.Kestrel.Transport.Sockets;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Hosting;

namespace Sorcha.ServiceDefaults.Hosting;

/// <summary>
/// With <c>DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS=1</c> in its environment (read once by the runtime's socket
/// engine), a process runs socket continuations on the I/O thread that saw them complete, and Kestrel is told to run
/// requests there too, instead of queuing each to the thread pool: one thread wake-up per hop instead of two, which is
/// what an idle machine pays for (docs/performance.md, "Speed, round three"). Every handler is asynchronous all the way
/// down, so nothing holds an I/O thread for long.
/// </summary>
public static class InlineIo
{
    public const string Variable = "DOTNET_SYSTEM_NET_SOCKETS_INLINE_COMPLETIONS";

    public static bool Enabled => Environment.GetEnvironmentVariable(Variable) == "1";

    public static void AddSorchaInlineIo(this IHostApplicationBuilder builder)
    {
        if (Enabled)
        {
            builder.Services.Configure<SocketTransportOptions>(o => o.UnsafePreferInlineScheduling = true);
        }
    }
}
