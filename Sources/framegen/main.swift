import FrameGenCommands

FrameGenCommands.main()
