import FrameGenCommandLine

FrameGenCommandLine.main()
